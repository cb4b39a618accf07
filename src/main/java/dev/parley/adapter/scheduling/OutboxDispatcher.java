package dev.parley.adapter.scheduling;

import dev.parley.application.outbox.DeliverOutbox;
import dev.parley.application.pipeline.WorkSignal;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Sends due outbox rows in parallel across conversations, on virtual threads, one at a time within a conversation
 * (messages of a conversation leave in order): a provider call that hangs until its timeout holds up its own
 * conversation, not every outgoing message. Rows left SENDING by a crash are recovered on every round.
 */
public final class OutboxDispatcher implements WorkSignal, AutoCloseable {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(OutboxDispatcher.class);
    static final int WINDOW = 200;

    private final DeliverOutbox deliver;
    private final Set<Long> busyConversations = ConcurrentHashMap.newKeySet();
    private final Semaphore permits;
    private volatile ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final BackgroundLoop loop;

    public OutboxDispatcher(DeliverOutbox deliver, int parallelism) {
        this.deliver = deliver;
        this.permits = new Semaphore(parallelism);
        this.loop = new BackgroundLoop("outbox", this::dispatchOnce, Duration.ofMillis(500));
    }

    /** Starts (or, after {@link #close()}, starts again) sending in the background. */
    public synchronized void start() {
        if (executor.isShutdown()) executor = Executors.newVirtualThreadPerTaskExecutor();
        loop.start();
    }

    @Override
    public void wake() {
        loop.wake();
    }

    /** Starts the due rows of every conversation that has no send in flight; waits for a wake afterwards. */
    int dispatchOnce() {
        deliver.recoverInterrupted();
        for (var row : deliver.due(WINDOW)) {
            long conversation = row.conversationId();
            if (!busyConversations.add(conversation)) continue;
            permits.acquireUninterruptibly();
            executor.submit(() -> {
                try {
                    deliver.deliver(row.id());
                } catch (dev.parley.application.store.StoreUnavailableException e) {
                    LOG.warn("outbox={} not delivered this round: store unavailable ({})", row.id(),
                            dev.parley.application.RedactedThrowable.describe(e.getCause() != null ? e.getCause() : e));
                } catch (RuntimeException e) {
                    LOG.error("outbox={} delivery failed", row.id(), dev.parley.application.RedactedThrowable.of(e));
                } finally {
                    busyConversations.remove(conversation);
                    permits.release();
                    loop.wake();
                }
            });
        }
        return 0;
    }

    @Override
    public synchronized void close() {
        loop.close();
        var executor = this.executor;
        executor.shutdown();
        try {
            executor.awaitTermination(15, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
