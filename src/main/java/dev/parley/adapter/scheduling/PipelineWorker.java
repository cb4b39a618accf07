package dev.parley.adapter.scheduling;

import dev.parley.application.pipeline.ProcessInboundMessage;
import dev.parley.application.pipeline.WorkSignal;
import dev.parley.application.store.Transactions;
import dev.parley.domain.message.InboxEntry;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Processes the inbox: strictly in order within a conversation (only the oldest RECEIVED row of a lane is ever
 * started, and never while another row of that lane runs), in parallel across conversations on virtual threads.
 */
public final class PipelineWorker implements WorkSignal, AutoCloseable {
    private final Transactions transactions;
    private final ProcessInboundMessage process;
    private final Clock clock;
    private final Set<String> busyLanes = ConcurrentHashMap.newKeySet();
    private final Semaphore permits;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final BackgroundLoop loop;

    public PipelineWorker(Transactions transactions, ProcessInboundMessage process, Clock clock, int parallelism) {
        this.transactions = transactions;
        this.process = process;
        this.clock = clock;
        this.permits = new Semaphore(parallelism);
        this.loop = new BackgroundLoop("pipeline", this::dispatchOnce, Duration.ofMillis(250));
    }

    public void start() {
        loop.start();
    }

    @Override
    public void wake() {
        loop.wake();
    }

    /** Starts the due head of every idle lane; returns how many were started. */
    int dispatchOnce() {
        var now = clock.instant();
        for (InboxEntry head : transactions.inTransaction(s -> s.inbox().laneHeads(1000))) {
            var lane = head.lane();
            if (head.nextAttemptAt().isAfter(now) || !busyLanes.add(lane)) {
                continue;
            }
            permits.acquireUninterruptibly();
            executor.submit(() -> {
                boolean skipped = false;
                try {
                    skipped = process.process(head.id()) == ProcessInboundMessage.Outcome.SKIPPED;
                } finally {
                    busyLanes.remove(lane);
                    permits.release();
                    // A lane another process holds (team mode) is looked at again at the next poll, not at once.
                    if (!skipped) loop.wake();
                }
            });
        }
        // Always wait for a wake (a lane finished, a receipt arrived) or the poll interval rather than spinning.
        return 0;
    }

    /**
     * Processes every due row on the calling thread until none is left (used by replay and tests);
     * returns how many rows were processed.
     */
    public int drain() {
        int total = 0;
        while (true) {
            var now = clock.instant();
            var due = transactions.inTransaction(s -> s.inbox().laneHeads(1000)).stream()
                    .filter(h -> !h.nextAttemptAt().isAfter(now)).toList();
            if (due.isEmpty()) {
                return total;
            }
            for (var head : due) {
                process.process(head.id());
                total++;
            }
        }
    }

    @Override
    public void close() {
        loop.close();
        executor.shutdown();
        try {
            executor.awaitTermination(15, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
