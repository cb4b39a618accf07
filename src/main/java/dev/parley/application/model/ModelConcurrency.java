package dev.parley.application.model;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * How many calls the configured model may answer at once ({@code model.max_concurrency}): conversations prepare side
 * by side, and a call beyond the limit waits its turn. A call that has to wait is told to the listeners (its
 * conversation's timeline, the console's status bar), as is the end of every wait.
 */
public final class ModelConcurrency {
    /** {@code model.max_concurrency}'s default. */
    public static final int DEFAULT = 4;

    /** A call that waits ({@code waiting} true) or got its turn; {@code queued}: how many wait now. */
    public record Turn(Long conversationId, String task, boolean waiting, int queued) {
    }

    private final int limit;
    private final Semaphore permits;
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicInteger highest = new AtomicInteger();
    private final List<java.util.function.Consumer<Turn>> listeners = new CopyOnWriteArrayList<>();

    public ModelConcurrency(int limit) {
        if (limit < 1) throw new IllegalArgumentException("model.max_concurrency must be at least 1, not " + limit);
        this.limit = limit;
        this.permits = new Semaphore(limit, true);
    }

    public int limit() {
        return limit;
    }

    /** Calls waiting for their turn now. */
    public int queued() {
        return queued.get();
    }

    /** Calls running now. */
    public int running() {
        return running.get();
    }

    /** The most calls that ran at once since start. */
    public int highest() {
        return highest.get();
    }

    public void onTurn(java.util.function.Consumer<Turn> listener) {
        listeners.add(listener);
    }

    /** Runs {@code call} when a place is free (at once when one is). */
    public <T> T run(Long conversationId, String task, Supplier<T> call) {
        if (!permits.tryAcquire()) {
            tell(new Turn(conversationId, task, true, queued.incrementAndGet()));
            permits.acquireUninterruptibly();
            tell(new Turn(conversationId, task, false, queued.decrementAndGet()));
        }
        highest.accumulateAndGet(running.incrementAndGet(), Math::max);
        try {
            return call.get();
        } finally {
            running.decrementAndGet();
            permits.release();
        }
    }

    private void tell(Turn turn) {
        for (var listener : listeners) {
            try {
                listener.accept(turn);
            } catch (RuntimeException e) {
                // a listener's failure must not fail the call it listens to
                org.slf4j.LoggerFactory.getLogger(ModelConcurrency.class).warn("model turn listener failed",
                        dev.parley.application.RedactedThrowable.of(e));
            }
        }
    }
}
