package dev.parley.application.alerts;

import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.alert.learned.AlertHeads;
import dev.parley.domain.alert.learned.HeadThresholds;
import dev.parley.domain.alert.learned.TrainedAlertModel;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The learned alert heads in use and the embedder whose vectors they read. The operator may change thresholds
 * while Parley runs (Settings): the change applies to the next message screened. Thread-safe.
 */
public final class LearnedAlerts {
    private final TrainedAlertModel trained;
    private final TextEmbedder embedder;
    private final boolean enabled;
    private volatile AlertHeads current;

    private LearnedAlerts(TrainedAlertModel trained, TextEmbedder embedder, boolean enabled,
                          Map<String, HeadThresholds> chosen) {
        this.trained = trained;
        this.embedder = embedder;
        this.enabled = enabled;
        if (trained != null && !trained.heads().embeddingModel().equals(embedder.model())) {
            throw new IllegalArgumentException("heads were trained on " + trained.heads().embeddingModel()
                    + " vectors, the embedder makes " + embedder.model());
        }
        this.current = trained == null ? null : trained.heads().withThresholds(chosen);
    }

    /** The heads of {@code trained}, judged against the operator's {@code chosen} thresholds where given. */
    public static LearnedAlerts of(TrainedAlertModel trained, TextEmbedder embedder,
                                   Map<String, HeadThresholds> chosen) {
        return new LearnedAlerts(Objects.requireNonNull(trained, "trained"), embedder, true, chosen);
    }

    /** No learned heads: the screen runs on patterns only (configuration {@code alerts.model=off}). */
    public static LearnedAlerts off(TextEmbedder embedder) {
        return new LearnedAlerts(null, embedder, false, Map.of());
    }

    /** The heads with the thresholds in force, or empty when the model is off. */
    public Optional<AlertHeads> heads() {
        return enabled ? Optional.of(current) : Optional.empty();
    }

    /** The heads as trained (their own thresholds and dev figures), or empty when the model is off. */
    public Optional<TrainedAlertModel> trained() {
        return Optional.ofNullable(trained);
    }

    public TextEmbedder embedder() {
        return embedder;
    }

    /** Replaces the thresholds of some categories; refused (and nothing changed) when one is unknown or invalid. */
    public synchronized void useThresholds(Map<String, HeadThresholds> chosen) {
        if (!enabled) throw new IllegalStateException("the learned alert model is off");
        current = current.withThresholds(chosen);
    }
}
