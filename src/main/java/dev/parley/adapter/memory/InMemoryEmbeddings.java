package dev.parley.adapter.memory;

import dev.parley.application.store.Embeddings;
import dev.parley.domain.embedding.Embedding;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** Stored embeddings, one row per message, kept under the message's id. */
final class InMemoryEmbeddings implements Embeddings {
    private final Table<Embedding> table;
    private final InMemoryMessages messages;

    InMemoryEmbeddings(UndoLog undo, InMemoryMessages messages) {
        this.messages = messages;
        table = new Table<>("message_embedding", undo);
    }

    @Override
    public void put(long messageId, Embedding embedding) {
        Objects.requireNonNull(embedding, "embedding");
        ForeignKeys.require(messages.table, messageId, "message_embeddings.message_id");
        table.put(messageId, embedding);
    }

    @Override
    public void add(long messageId, Embedding embedding) {
        if (table.get(messageId) != null) {
            throw new IllegalStateException("message_embeddings: message " + messageId + " has a vector already");
        }
        put(messageId, embedding);
    }

    @Override
    public Optional<Embedding> ofMessage(long messageId, String model) {
        return Optional.ofNullable(table.get(messageId)).filter(e -> e.model().equals(model));
    }

    @Override
    public Map<Long, Embedding> ofMessages(Collection<Long> messageIds, String model) {
        var result = new HashMap<Long, Embedding>();
        for (long id : messageIds) ofMessage(id, model).ifPresent(e -> result.put(id, e));
        return result;
    }

    /** Deletes the vectors of messages {@code messageIds}. */
    void forgetMessages(java.util.Collection<Long> messageIds) {
        for (long id : messageIds) table.delete(id);
    }
}
