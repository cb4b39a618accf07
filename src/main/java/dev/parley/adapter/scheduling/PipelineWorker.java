package dev.parley.adapter.scheduling;

import dev.parley.application.pipeline.ProcessInboundMessage;
import dev.parley.application.pipeline.WorkSignal;
import dev.parley.application.store.Transactions;
import dev.parley.domain.message.InboxEntry;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Processes the inbox: strictly in order within a conversation (only the oldest RECEIVED row of a lane is ever
 * started, and never while another row of that lane runs), in parallel across conversations on platform threads.
 *
 * <p>Each dispatch looks at the heads of the lanes among the {@value #WINDOW} oldest waiting rows (arrival order),
 * and at {@value #ROUND_ROBIN_LANES} more lanes taken in lane order from where the previous dispatch stopped, so every
 * lane is looked at within a few dispatches however large another lane's backlog is (ADR 0003).
 */
public final class PipelineWorker implements WorkSignal, AutoCloseable {
    static final int WINDOW = 1000;
    static final int ROUND_ROBIN_LANES = 50;
    /** The processing threads are named {@code parley-process-1}, {@code -2}, … */
    public static final String THREAD_NAME_PREFIX = "parley-process-";
    private final Transactions transactions;
    private final ProcessInboundMessage process;
    private final Clock clock;
    private final Set<String> busyLanes = ConcurrentHashMap.newKeySet();
    private final Semaphore permits;
    /**
     * Platform threads, not virtual ones: processing is CPU work that does not block often (the heads' embedding runs
     * native code for milliseconds, Hibernate, H2 writing its chunk), and a virtual thread keeps its carrier until it
     * blocks. On a 2-core machine two such rows can hold both carriers, and the listener's receipts, which run on
     * virtual threads, then wait for one to finish (issue 8, latency at a steady load). The operating system
     * time-slices platform threads, so a receipt gets a core while rows are processed.
     */
    private final ExecutorService executor;
    private final BackgroundLoop loop;
    /** The last lane the round-robin walk looked at (null: start from the first lane). Dispatch thread only. */
    private InboxEntry roundRobinAfter;

    public PipelineWorker(Transactions transactions, ProcessInboundMessage process, Clock clock, int parallelism) {
        this.transactions = transactions;
        this.process = process;
        this.clock = clock;
        this.permits = new Semaphore(parallelism);
        this.executor = Executors.newFixedThreadPool(parallelism,
                Thread.ofPlatform().name(THREAD_NAME_PREFIX, 1).daemon(true).factory());
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
        for (InboxEntry head : heads()) {
            var lane = head.lane();
            if (head.nextAttemptAt().isAfter(now) || !busyLanes.add(lane)) {
                continue;
            }
            permits.acquireUninterruptibly();
            executor.submit(() -> {
                boolean skipped = false;
                try {
                    skipped = process.process(head) == ProcessInboundMessage.Outcome.SKIPPED;
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
     * The heads in the arrival window, then those of the round-robin walk's next lanes (each lane once). The walk is
     * left out when the window was not full: the window then held every waiting row, so the walk could find no lane
     * the window had not (at a steady load the inbox is nearly empty, and this halves the queries of a dispatch).
     */
    private List<InboxEntry> heads() {
        var after = roundRobinAfter;
        var found = transactions.inTransaction(s -> {
            var window = s.inbox().laneHeadsInWindow(WINDOW);
            if (!window.full()) return List.of(window.heads());
            return List.of(window.heads(), after == null ? s.inbox().laneHeadsAfter(null, null, ROUND_ROBIN_LANES)
                    : s.inbox().laneHeadsAfter(after.message().channel(), after.message().conversationKey(),
                            ROUND_ROBIN_LANES));
        });
        var walked = found.size() < 2 ? List.<InboxEntry>of() : found.get(1);
        roundRobinAfter = walked.size() < ROUND_ROBIN_LANES ? null : walked.getLast();
        var lanes = new HashSet<String>();
        var heads = new ArrayList<InboxEntry>();
        for (var list : found) {
            for (var head : list) {
                if (lanes.add(head.lane())) heads.add(head);
            }
        }
        return heads;
    }

    /**
     * Processes every due row on the calling thread until none is left (used by replay and tests);
     * returns how many rows were processed.
     */
    public int drain() {
        int total = 0;
        while (true) {
            var now = clock.instant();
            var due = transactions.inTransaction(s -> s.inbox().laneHeads(WINDOW)).stream()
                    .filter(h -> !h.nextAttemptAt().isAfter(now)).toList();
            if (due.isEmpty()) {
                return total;
            }
            for (var head : due) {
                process.process(head);
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
