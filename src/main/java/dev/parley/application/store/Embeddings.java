package dev.parley.application.store;

import dev.parley.domain.embedding.Embedding;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/** Stored sentence embeddings of messages, one per message (a vector of another model is replaced). */
public interface Embeddings {

    /** Stores (or replaces) the vector of message {@code messageId}. */
    void put(long messageId, Embedding embedding);

    /**
     * Stores the vector of a message stored in this same transaction, which cannot have one yet: written without
     * reading first (one statement fewer per processed message than {@link #put}). A vector already there for it
     * is refused (the table's key), as a bug.
     */
    void add(long messageId, Embedding embedding);

    /** The vector of a message made by {@code model}; empty when there is none or it was made by another model. */
    Optional<Embedding> ofMessage(long messageId, String model);

    /** The vectors made by {@code model} of those of {@code messageIds} that have one. */
    Map<Long, Embedding> ofMessages(Collection<Long> messageIds, String model);
}
