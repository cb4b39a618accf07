package dev.parley.domain.chimein.context;

import dev.parley.domain.chimein.ChatMessage;
import dev.parley.domain.embedding.Embedding;
import java.util.Map;

/** How close two messages are in meaning: the cosine of their sentence embeddings, 0 when one has none. */
@FunctionalInterface
public interface Similarity {

    double between(ChatMessage a, ChatMessage b);

    /** No embeddings: nothing is similar to anything (strategies then rely on structure and time). */
    static Similarity none() {
        return (a, b) -> 0.0;
    }

    /** Cosines of the given vectors by message id. */
    static Similarity of(Map<Long, Embedding> vectors) {
        return (a, b) -> {
            var va = vectors.get(a.id());
            var vb = vectors.get(b.id());
            return va == null || vb == null ? 0.0 : va.cosine(vb);
        };
    }
}
