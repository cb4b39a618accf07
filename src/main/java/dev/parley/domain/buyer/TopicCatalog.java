package dev.parley.domain.buyer;

import dev.parley.domain.catalog.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** Deterministic topic detection and question-to-field mapping (seed 003's {@code topic_catalog}). */
public final class TopicCatalog {
    /** Distinct keyword hits {@link #autoMapQuestionToFieldKey} needs: fewer is too weak to trust. */
    public static final int MIN_KEYWORD_HITS = 2;

    private TopicCatalog() {
    }

    /** Every topic the text mentions, in catalogue order. */
    public static Set<Topic> detectTopics(String text) {
        var found = EnumSet.noneOf(Topic.class);
        if (text == null) return found;
        for (var topic : Topic.values()) {
            if (topic.foundIn(text)) found.add(topic);
        }
        // "park overnight" asks about overnight parking, not car parking
        if (found.contains(Topic.OVERNIGHT_PARKING)) found.remove(Topic.PARKING);
        return found;
    }

    /** {@code TOPIC_TO_FIELD_KEYS}: the fields answering the topics. */
    public static List<Field> fieldsFor(Collection<Topic> topics) {
        var fields = new LinkedHashSet<Field>();
        topics.forEach(t -> fields.addAll(t.fields()));
        return new ArrayList<>(fields);
    }

    /**
     * The one field a question is about, only when at least {@link #MIN_KEYWORD_HITS} distinct keywords of that
     * field's topic appear and no other topic scores as high (conservative: a wrong cache hit answers the wrong
     * question).
     */
    public static Optional<Field> autoMapQuestionToFieldKey(String question) {
        if (question == null) return Optional.empty();
        var words = words(question);
        Topic best = null;
        int bestHits = 0;
        boolean tie = false;
        for (var topic : Topic.values()) {
            if (topic.fields().size() != 1) continue;
            int hits = 0;
            for (var keyword : topic.mapKeywords()) if (words.contains(keyword)) hits++;
            if (hits > bestHits) {
                best = topic;
                bestHits = hits;
                tie = false;
            } else if (hits == bestHits && hits > 0) {
                tie = true;
            }
        }
        if (best == null || bestHits < MIN_KEYWORD_HITS || tie) return Optional.empty();
        return Optional.of(best.fields().getFirst());
    }

    static Set<String> words(String text) {
        var words = new LinkedHashSet<String>();
        for (var w : text.toLowerCase(Locale.ROOT).split("[^a-z0-9/\\-]+")) {
            if (w.isEmpty()) continue;
            words.add(w);
            if (w.endsWith("s") && w.length() > 3) words.add(w.substring(0, w.length() - 1));
        }
        return words;
    }
}
