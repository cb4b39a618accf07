package dev.parley.application.store;

import java.util.function.Consumer;
import java.util.function.Function;

/** Runs work in one database transaction: all of its effects commit together, or none do. */
public interface Transactions {

    <T> T inTransaction(Function<Store, T> work);

    /**
     * As {@link #inTransaction}, for a short unit of work that someone is waiting on (a webhook's receipt, before its
     * 2xx): a store that lets one writer in at a time (H2) lets it write before the other units of work waiting to
     * write. Everywhere else it is {@link #inTransaction}.
     */
    default <T> T inUrgentTransaction(Function<Store, T> work) {
        return inTransaction(work);
    }

    /**
     * As {@link #inTransaction}, for work on one conversation that other writers (the pipeline, the outbox, another
     * operator) may change at the same moment. Where lost races are run again ({@link RetryOnConflict}), the attempts
     * after a lost race lock the conversation's row first, so they wait for the other writer instead of losing to it
     * again. Everywhere else it is {@link #inTransaction}.
     */
    default <T> T onConversation(long conversationId, Function<Store, T> work) {
        return inTransaction(work);
    }

    default void run(Consumer<Store> work) {
        inTransaction(store -> {
            work.accept(store);
            return null;
        });
    }
}
