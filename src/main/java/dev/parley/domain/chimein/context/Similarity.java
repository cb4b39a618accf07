package dev.parley.domain.chimein.context;

import dev.parley.domain.chimein.ChatMessage;
import dev.parley.domain.embedding.Embedding;
import java.util.HashMap;
import java.util.Map;

/** How close two messages are in meaning: the cosine of their sentence embeddings, 0 when one has none. */
@FunctionalInterface
public interface Similarity {

    double between(ChatMessage a, ChatMessage b);

    /** No embeddings: nothing is similar to anything (strategies then rely on structure and time). */
    static Similarity none() {
        return (a, b) -> 0.0;
    }

    /**
     * Cosines of the given vectors by message id, each pair computed once (a selection asks for the same pairs
     * again while it grows a thread). For one selection: not thread-safe.
     */
    static Similarity of(Map<Long, Embedding> vectors) {
        var known = new HashMap<Long, Map<Long, Double>>();
        return (a, b) -> {
            var va = vectors.get(a.id());
            var vb = vectors.get(b.id());
            if (va == null || vb == null) return 0.0;
            long lo = Math.min(a.id(), b.id());
            long hi = Math.max(a.id(), b.id());
            return known.computeIfAbsent(lo, k -> new HashMap<>()).computeIfAbsent(hi, k -> va.cosine(vb));
        };
    }
}
