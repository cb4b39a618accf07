package dev.parley.application.playbook.assistant;

import dev.parley.domain.assistant.Keywords;
import dev.parley.domain.assistant.Redactor;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.Message;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Keyword search over stored messages (recall and search tools): messages sharing the most keywords first, then the
 * newest; each line redacted and clipped, e.g. {@code [2026-03-01 10:02] you: my order [CARD] …}.
 */
final class ConversationSearch {
    private static final DateTimeFormatter AT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");
    private static final int CLIP = 200;

    private ConversationSearch() {
    }

    /** Semantic similarity of a stored message to the question (cosine of sentence embeddings), or none. */
    interface Similarity {
        Similarity NONE = messages -> java.util.Map.of();

        /** Message id → similarity in [-1, 1] for the messages it could score. */
        java.util.Map<Long, Double> of(List<Message> messages);
    }

    /** A message this similar to the question counts as a hit even without a shared keyword. */
    static final double SIMILAR = 0.4;

    static List<String> find(List<Message> messages, List<String> keywords, Optional<Instant> from,
                             Optional<Instant> to, long excludeId, int limit, Redactor redactor, ZoneId zone) {
        return find(messages, keywords, from, to, excludeId, limit, redactor, zone, Similarity.NONE);
    }

    /** Keyword hits, plus semantic similarity when given: ranked by hits + 2 × similarity. */
    static List<String> find(List<Message> messages, List<String> keywords, Optional<Instant> from,
                             Optional<Instant> to, long excludeId, int limit, Redactor redactor, ZoneId zone,
                             Similarity similarity) {
        record Hit(Message message, int hits, double similarity, Instant at) {
            double score() {
                return hits + 2 * Math.max(0, similarity);
            }
        }
        var inBounds = messages.stream().filter(m -> m.id() != excludeId && at(m) != null)
                .filter(m -> from.map(f -> !at(m).isBefore(f)).orElse(true))
                .filter(m -> to.map(t -> at(m).isBefore(t)).orElse(true)).toList();
        var similar = similarity.of(inBounds);
        return inBounds.stream()
                .map(m -> new Hit(m, Keywords.hits(keywords, m.text()), similar.getOrDefault(m.id(), 0.0), at(m)))
                .filter(h -> h.hits() > 0 || h.similarity() >= SIMILAR)
                .sorted(Comparator.comparingDouble(Hit::score).reversed().thenComparing(Hit::at, Comparator.reverseOrder()))
                .limit(limit)
                .map(h -> "[" + AT.format(h.at().atZone(zone)) + "] " + (h.message().direction() == Direction.IN
                        ? "you" : "assistant") + ": " + clip(redactor.redact(h.message().text()).text()))
                .toList();
    }

    static Instant at(Message m) {
        return m.receivedAt() != null ? m.receivedAt() : m.sentAt();
    }

    private static String clip(String text) {
        var t = text.replaceAll("\\s+", " ").strip();
        return t.length() <= CLIP ? t : t.substring(0, CLIP) + "…";
    }
}
