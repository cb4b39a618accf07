package dev.parley.application.embedding;

import dev.parley.application.store.Store;
import dev.parley.domain.embedding.Embedding;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Each message is embedded once and its vector stored, so the alert detector, chime-in's context selection and
 * the assistant's recall share one computation. Runs inside the caller's transaction.
 */
public final class MessageEmbeddings {
    private final TextEmbedder embedder;

    public MessageEmbeddings(TextEmbedder embedder) {
        this.embedder = embedder;
    }

    public TextEmbedder embedder() {
        return embedder;
    }

    /** The stored vector of message {@code messageId}, computed from {@code text} and stored when missing. */
    public Embedding of(Store store, long messageId, String text) {
        return store.embeddings().ofMessage(messageId, embedder.model()).orElseGet(() -> {
            var computed = embedder.embed(text);
            store.embeddings().put(messageId, computed);
            return computed;
        });
    }

    /** Vectors of several messages (id → text), computing and storing only the missing ones; in the given order. */
    public Map<Long, Embedding> of(Store store, Map<Long, String> textsById) {
        var stored = store.embeddings().ofMessages(textsById.keySet(), embedder.model());
        var result = new LinkedHashMap<Long, Embedding>();
        for (var entry : textsById.entrySet()) {
            var vector = stored.get(entry.getKey());
            if (vector == null) {
                vector = embedder.embed(entry.getValue());
                store.embeddings().put(entry.getKey(), vector);
            }
            result.put(entry.getKey(), vector);
        }
        return result;
    }

    /** The stored vectors only (nothing computed), for callers that must not pay for embedding. */
    public Map<Long, Embedding> stored(Store store, Collection<Long> messageIds) {
        return store.embeddings().ofMessages(messageIds, embedder.model());
    }
}
