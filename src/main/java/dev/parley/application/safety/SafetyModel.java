package dev.parley.application.safety;

import dev.parley.application.alerts.LearnedAlerts;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.alert.learned.AlertHead;
import dev.parley.domain.alert.learned.AlertHeads;
import dev.parley.domain.embedding.Embedding;
import dev.parley.domain.safety.ContentModel;
import dev.parley.domain.safety.HeadLevels;
import dev.parley.domain.safety.ModelSignals;
import dev.parley.domain.safety.TraceIds;
import java.util.ArrayList;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The learned alert heads as category signals of the safety validator (issue 14, ADR 0019): the same heads, with
 * the thresholds in force, that the outreach screen uses. {@link #OFF} (no heads: {@code alerts.model=off}, no
 * embedder, or a test) gives {@link ContentModel#NONE}, with which the validator behaves exactly as on its lexicons
 * alone. Thread-safe.
 */
public final class SafetyModel {
    /** No model. */
    public static final SafetyModel OFF = new SafetyModel(null);

    private final LearnedAlerts learned;
    private volatile Versioned versioned;

    private record Versioned(AlertHeads heads, String version) {
    }

    private SafetyModel(LearnedAlerts learned) {
        this.learned = learned;
    }

    /** The heads of {@code learned} (none when it is off). */
    public static SafetyModel of(LearnedAlerts learned) {
        return new SafetyModel(java.util.Objects.requireNonNull(learned, "learned"));
    }

    /** True when heads are in use. */
    public boolean enabled() {
        return learned != null && learned.heads().isPresent();
    }

    /**
     * A model for one message whose vector is not stored yet: its text is embedded at most once, when the validator
     * asks, and the vector kept ({@link Scoring#embedding()}) so the caller can store it with the message.
     */
    public Scoring forText() {
        return forVector(null);
    }

    /**
     * As {@link #forText()}, with the vector of the message's text computed {@link #embedAhead ahead}: used when the
     * validator asks for the same text (else that text is embedded as usual), and kept as the vector this scoring
     * computed, for the caller to store with the message. The scores, and so the decision, are the same as without it.
     */
    public Scoring forText(Optional<Ahead> ahead) {
        if (!enabled()) return new Scoring(null, null, null, null, null);
        var heads = learned.heads().orElseThrow();
        var embedder = learned.embedder();
        return new Scoring(heads, version(heads), embedder, null, ahead.orElse(null));
    }

    /** A model for one message whose vector {@code vector} gives (the stored one; asked for at most once). */
    public Scoring forVector(Supplier<Embedding> vector) {
        if (!enabled()) return new Scoring(null, null, null, null, null);
        var heads = learned.heads().orElseThrow();
        var embedder = learned.embedder();
        return new Scoring(heads, version(heads), embedder, vector, null);
    }

    /** The vector of {@code text}, computed before the transaction that decides on it. */
    public record Ahead(String text, Embedding embedding) {
    }

    /**
     * The vector of {@code text} computed now, for a {@link #forText(Optional) scoring} later: the caller embeds with
     * no transaction open, so the store's connection and writer are not held for the model's few milliseconds (issue
     * 8, latency). Empty when the heads are off, the text is blank (the validator does not ask), or the embedder
     * failed: the validator then asks inside and fails safe as it always did.
     */
    public Optional<Ahead> embedAhead(String text) {
        if (!enabled() || text == null || text.isBlank()) return Optional.empty();
        try {
            return Optional.of(new Ahead(text, learned.embedder().embed(text)));
        } catch (RuntimeException e) {
            return Optional.empty(); // asked again inside the validator, whose failure handling logs it once
        }
    }

    /** The version hashed into trace ids: the embedding model, each head's weights and its thresholds in force. */
    private String version(AlertHeads heads) {
        var v = versioned;
        if (v != null && v.heads() == heads) return v.version();
        var b = new StringBuilder(heads.embeddingModel()).append('|').append(heads.dimensions());
        for (AlertHead h : heads.heads()) {
            b.append('|').append(h.category()).append(':').append(h.bias()).append(':')
                    .append(java.util.Arrays.hashCode(h.weights())).append(':').append(h.thresholds().critical())
                    .append(':').append(h.thresholds().review());
        }
        var computed = "heads-" + TraceIds.sha256(b.toString()).substring(0, 16);
        versioned = new Versioned(heads, computed);
        return computed;
    }

    /** The content model of one message. Not thread-safe: one message, one thread. */
    public static final class Scoring implements ContentModel {
        private final AlertHeads heads;
        private final String version;
        private final TextEmbedder embedder;
        private final Supplier<Embedding> stored;
        private final Ahead ahead;
        private Embedding embedding;
        private boolean computed;

        private Scoring(AlertHeads heads, String version, TextEmbedder embedder, Supplier<Embedding> stored,
                        Ahead ahead) {
            this.heads = heads;
            this.version = version;
            this.embedder = embedder;
            this.stored = stored;
            this.ahead = ahead;
        }

        @Override
        public String version() {
            return heads == null ? "" : version;
        }

        @Override
        public ModelSignals signals(String content) {
            if (heads == null) return ModelSignals.NONE;
            if (embedding == null) {
                if (stored != null) {
                    embedding = stored.get();
                } else if (ahead != null && ahead.text().equals(content)
                        && ahead.embedding().model().equals(embedder.model())) {
                    embedding = ahead.embedding();
                    computed = true;
                } else {
                    embedding = embedder.embed(content);
                    computed = true;
                }
            }
            var readings = new ArrayList<HeadLevels.HeadReading>();
            for (var s : heads.score(embedding)) {
                readings.add(new HeadLevels.HeadReading(s.category(), s.score(), s.thresholds().critical(),
                        s.thresholds().review()));
            }
            return HeadLevels.of(readings);
        }

        /** The vector this scoring computed (not one it was given), for the caller to store with the message. */
        public Optional<Embedding> embedding() {
            return computed ? Optional.of(embedding) : Optional.empty();
        }
    }
}
