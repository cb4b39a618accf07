package dev.parley.application.store;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an operator's unit of work again when it lost a race ({@link ConcurrentUpdateException}: the pipeline, or
 * another operator, changed the same conversation first), a bounded number of times with a short jittered pause, so an
 * operator sees their action done rather than a concurrency error. Each attempt re-reads everything: the work must
 * have no effect outside its transaction.
 */
public final class RetryOnConflict implements Transactions {
    private static final Logger LOG = LoggerFactory.getLogger(RetryOnConflict.class);
    /** Attempts in all; pauses of about 10, 20, 40, 80 ms between them. */
    public static final int ATTEMPTS = 5;
    private static final Duration FIRST_PAUSE = Duration.ofMillis(10);

    private final Transactions transactions;

    public RetryOnConflict(Transactions transactions) {
        this.transactions = transactions;
    }

    @Override
    public <T> T inTransaction(Function<Store, T> work) {
        for (int attempt = 1; ; attempt++) {
            try {
                return transactions.inTransaction(work);
            } catch (ConcurrentUpdateException raced) {
                if (attempt >= ATTEMPTS) {
                    throw raced;
                }
                LOG.info("operator action lost a race (attempt {}), trying again", attempt);
                pause(attempt);
            }
        }
    }

    private static void pause(int attempt) {
        long millis = FIRST_PAUSE.toMillis() << (attempt - 1);
        try {
            Thread.sleep(millis / 2 + ThreadLocalRandom.current().nextLong(millis / 2 + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConcurrentUpdateException("interrupted while retrying", e);
        }
    }
}
