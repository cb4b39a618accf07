package dev.parley.application.playbook;

import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.embedding.Embedding;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Each message is embedded once and its vector stored, so the alert detector, chime-in's context selection and
 * the assistant's recall share one computation. A vector is read from the store when it is there; otherwise it is a
 * slow call of the session (computed at Prepare, recalled at Commit) and stored by an {@link Effect.StoreEmbedding}.
 */
public final class MessageEmbeddings {
    /** The kind of slow call an embedding is ({@link SlowCalls}). */
    public static final String KIND = "embedding";

    private final TextEmbedder embedder;

    public MessageEmbeddings(TextEmbedder embedder) {
        this.embedder = embedder;
    }

    public TextEmbedder embedder() {
        return embedder;
    }

    /** The vector of {@code text} (a slow call of {@code session}: not stored with any message). */
    public Embedding embed(ConversationSession session, String text) {
        return session.slow().call(KIND, embedder.model() + "\n" + text, () -> embedder.embed(text));
    }

    /** The stored vector of message {@code messageId}, computed from {@code text} and stored when missing. */
    public Embedding of(ConversationSession session, long messageId, String text) {
        return of(session, Map.of(messageId, text)).get(messageId);
    }

    /** Vectors of several messages (id → text), computing and storing only the missing ones; in the given order. */
    public Map<Long, Embedding> of(ConversationSession session, Map<Long, String> textsById) {
        var stored = session.reads().embeddings(textsById.keySet(), embedder.model());
        var result = new LinkedHashMap<Long, Embedding>();
        for (var entry : textsById.entrySet()) {
            var vector = stored.get(entry.getKey());
            if (vector == null) {
                vector = embed(session, entry.getValue());
                session.apply(new Effect.StoreEmbedding(entry.getKey(), vector, false));
            }
            result.put(entry.getKey(), vector);
        }
        return result;
    }
}
