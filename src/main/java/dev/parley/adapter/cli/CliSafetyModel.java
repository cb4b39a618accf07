package dev.parley.adapter.cli;

import dev.parley.adapter.alerts.AlertModelFile;
import dev.parley.adapter.alerts.AlertModelFileException;
import dev.parley.adapter.alerts.AlertThresholdsFile;
import dev.parley.adapter.embedding.CachedTextEmbedder;
import dev.parley.adapter.embedding.MemoizingTextEmbedder;
import dev.parley.adapter.embedding.OnnxTextEmbedder;
import dev.parley.application.alerts.LearnedAlerts;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.application.safety.SafetyModel;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The learned heads for the validator's commands ({@code validate}, {@code eval safety}, {@code bench validate}):
 * {@code --heads on} (the default) reads the home's {@code alert_heads.json} and {@code alert_thresholds.properties}
 * when given a home, else the built-in heads, and embeds with MiniLM in process (behind a disk cache with
 * {@code --cache}); {@code --heads off} is the validator on its lexicons alone.
 */
final class CliSafetyModel {
    /** The model, or the reason it cannot be used (a message for the command's one-line error). */
    record Loaded(SafetyModel model, TextEmbedder embedder, String error) {
    }

    private CliSafetyModel() {
    }

    /**
     * @param heads "on" or "off" (anything else is refused)
     * @param home  the Parley home whose heads and thresholds apply, or null for the built-in heads
     * @param cache a folder for the embedding cache, or null
     */
    static Loaded load(String heads, Path home, Path cache) {
        String mode = heads == null ? "on" : heads.strip().toLowerCase(java.util.Locale.ROOT);
        if (mode.equals("off")) return new Loaded(SafetyModel.OFF, null, null);
        if (!mode.equals("on")) return new Loaded(null, null, "--heads must be on or off, not '" + heads + "'");
        try {
            var trained = AlertModelFile.load(home == null ? Optional.empty() : AlertModelFile.overrideIn(home));
            var minilm = OnnxTextEmbedder.product();
            if (!minilm.model().equals(trained.heads().embeddingModel())) {
                return new Loaded(null, null, "the heads read " + trained.heads().embeddingModel()
                        + " vectors; Parley embeds with " + minilm.model());
            }
            TextEmbedder embedder = cache == null ? new MemoizingTextEmbedder(minilm, 4096)
                    : new CachedTextEmbedder(minilm, cache);
            var thresholds = home == null ? Map.<String, dev.parley.domain.alert.learned.HeadThresholds>of()
                    : new AlertThresholdsFile(home).load();
            return new Loaded(SafetyModel.of(LearnedAlerts.of(trained, embedder, thresholds)), embedder, null);
        } catch (AlertModelFileException | IllegalArgumentException | java.io.UncheckedIOException e) {
            return new Loaded(null, null, e.getMessage());
        }
    }

    /** Closes the embedding cache, if one was opened. */
    static void close(Loaded loaded) {
        if (loaded != null && loaded.embedder() instanceof CachedTextEmbedder cached) cached.close();
    }
}
