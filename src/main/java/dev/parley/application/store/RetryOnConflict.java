package dev.parley.application.store;

import dev.parley.application.RetryPolicy;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a unit of work again when it lost a race ({@link ConcurrentUpdateException}: another transaction changed the
 * same conversation first), as {@link RetryPolicy#CONFLICT} says: a few times, with a short jittered pause. An operator
 * sees their action done rather than a concurrency error; the pipeline and the outbox, which write the same
 * conversation at the same moment (a message processed while the reply to the one before it is recorded), do not take
 * a race for a failure. Each
 * attempt re-reads everything: the work must have no effect outside its transaction. After the last attempt the
 * exception is the caller's.
 *
 * <p>Work that knows what it races on can lock it when it runs again ({@link #inTransaction(Attempt)}): optimistic at
 * first, the usual case costs no lock; after a lost race, a row lock makes the next attempt wait for the other writer
 * instead of losing to it again. Without that, a busy conversation could make the same work lose every attempt.
 */
public final class RetryOnConflict implements Transactions {
    private static final Logger LOG = LoggerFactory.getLogger(RetryOnConflict.class);

    private final Transactions transactions;
    private final String what;
    private final RandomGenerator random;

    /**
     * @param what names the unit of work in the log line of a retry
     * @param random the pauses' jitter
     */
    public RetryOnConflict(Transactions transactions, String what, RandomGenerator random) {
        this.transactions = transactions;
        this.what = what;
        this.random = random;
    }

    /** A unit of work told whether it runs again because its last attempt lost a race. */
    @FunctionalInterface
    public interface Attempt<T> {
        T run(Store store, boolean afterLostRace);
    }

    @Override
    public <T> T inTransaction(Function<Store, T> work) {
        return inTransaction((Attempt<T>) (store, afterLostRace) -> work.apply(store));
    }

    /**
     * Runs the work as {@link #inTransaction(Function)}; an attempt after a lost race first locks the conversation's
     * row ({@link Conversations#lock}), if there is such a conversation (the work itself says what is missing).
     */
    @Override
    public <T> T onConversation(long conversationId, Function<Store, T> work) {
        return inTransaction((Attempt<T>) (store, afterLostRace) -> {
            if (afterLostRace && store.conversations().find(conversationId).isPresent()) {
                store.conversations().lock(conversationId);
            }
            return work.apply(store);
        });
    }

    /** As {@link #inTransaction(Function)}, telling the work whether this attempt follows a lost race. */
    public <T> T inTransaction(Attempt<T> work) {
        for (int attempt = 1; ; attempt++) {
            boolean afterLostRace = attempt > 1;
            try {
                return transactions.inTransaction(store -> work.run(store, afterLostRace));
            } catch (ConcurrentUpdateException raced) {
                if (!RetryPolicy.CONFLICT.triesAgainAfter(attempt)) {
                    throw raced;
                }
                LOG.info("{} lost a race (attempt {}), trying again", what, attempt);
                pause(attempt);
            }
        }
    }

    private void pause(int attempt) {
        try {
            Thread.sleep(RetryPolicy.CONFLICT.delay(attempt, random));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConcurrentUpdateException("interrupted while retrying", e);
        }
    }
}
