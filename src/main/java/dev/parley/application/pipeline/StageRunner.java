package dev.parley.application.pipeline;

import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.RedactedThrowable;
import dev.parley.application.playbook.SlowCalls;
import dev.parley.application.stage.PreparedCalls;
import dev.parley.application.stage.SnapshotBackend;
import dev.parley.application.stage.StoreBackend;
import dev.parley.application.store.Store;
import dev.parley.application.store.Transactions;
import java.time.Clock;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a {@link UnitOfWork} as the stages of docs/decisions/0021-pipeline-stages.md, and is the one place the stages'
 * rule lives: Prepare (a dry run on a snapshot, no transaction open: every model call, embedding and external tool
 * call is made here) → Decide and Commit (one transaction; slow calls recalled, never made) → After commit (work the
 * effects deferred, events published, the outbox woken). When the Commit stage finds the conversation changed, or
 * needs a slow call Prepare did not make, the transaction rolls back and the unit is prepared again (the calls made
 * so far are kept), at most {@value #MAX_ATTEMPTS} times in all; then it fails with {@link PreparationExhausted},
 * which says why.
 */
public final class StageRunner {
    static final int MAX_ATTEMPTS = 5;
    private static final Logger LOG = LoggerFactory.getLogger(StageRunner.class);

    /** Runs the Commit stage's body in a transaction (plain, on a conversation, retried after a lost race, …). */
    @FunctionalInterface
    public interface Committer {
        Object commit(Function<Store, Object> body);
    }

    private final Transactions transactions;
    private final Clock clock;
    private final PipelineEvents events;
    private final WorkSignal outbox;
    private final StageMetrics metrics;
    /** Per decider: whether its last unit needed a dry run (it made a slow call). Unknown: yes. */
    private final java.util.Map<String, Boolean> needsDryRun = new java.util.concurrent.ConcurrentHashMap<>();

    public StageRunner(Transactions transactions, Clock clock, PipelineEvents events, WorkSignal outbox,
                       StageMetrics metrics) {
        this.transactions = transactions;
        this.clock = clock;
        this.events = events;
        this.outbox = outbox;
        this.metrics = metrics;
    }

    /** Runs {@code work} in plain transactions. */
    public <R> R run(String name, UnitOfWork<R> work) {
        return run(name, transactions::inTransaction, work);
    }

    /** Runs {@code work}, its Commit stage through {@code committer}. */
    @SuppressWarnings("unchecked")
    public <R> R run(String name, Committer committer, UnitOfWork<R> work) {
        var calls = new PreparedCalls();
        SlowCalls.Unprepared missed = null;
        var decider = new String[1];
        boolean[] dryRun = new boolean[1];
        for (int attempt = 1; ; attempt++) {
            var now = clock.instant();
            if (missed != null) calls.make(missed);
            boolean again = attempt > 1;
            prepare(name, work, new UnitOfWork.Preparing(new SnapshotBackend(transactions, calls.making()), now,
                    attempt, key -> {
                        decider[0] = key;
                        dryRun[0] = again || needsDryRun.getOrDefault(key, true);
                        return dryRun[0];
                    }));
            var committing = new Committing[1];
            String why;
            try {
                var result = (R) committer.commit(store -> {
                    committing[0] = new Committing(new StoreBackend(store, calls.recalling()), now, calls.size() > 0);
                    return work.commit(store, committing[0]);
                });
                afterCommit(committing[0]);
                // A decider that made no slow call is decided at once next time (no dry run, no snapshot).
                if (decider[0] != null) needsDryRun.put(decider[0], calls.size() > 0);
                return result;
            } catch (SlowCalls.Unprepared u) {
                missed = u;
                if (decider[0] != null) needsDryRun.put(decider[0], true);
                metrics.missed.increment();
                why = "a " + u.kind() + " call the dry run had not made";
            } catch (UnitOfWork.ConversationChanged changed) {
                missed = null;
                metrics.changed.increment();
                why = changed.getMessage();
            }
            LOG.debug("{}: prepared again after attempt {} ({})", name, attempt, why);
            if (attempt >= MAX_ATTEMPTS) {
                metrics.exhausted.increment();
                throw new PreparationExhausted(name + ": still not committed after " + attempt + " preparations; last: "
                        + why);
            }
        }
    }

    private <R> void prepare(String name, UnitOfWork<R> work, UnitOfWork.Preparing preparing) {
        metrics.prepared.increment();
        try {
            work.prepare(preparing);
        } catch (RuntimeException e) {
            // A dry run is best effort: the Commit stage decides for real, and asks for what the dry run missed.
            LOG.debug("{}: dry run stopped early", name, RedactedThrowable.of(e));
        }
    }

    /** After commit: deferred work (in-process memory, log lines), then the events and the outbox. */
    private void afterCommit(Committing committed) {
        for (var deferred : committed.backend().afterCommit()) {
            try {
                deferred.work().run();
            } catch (RuntimeException e) {
                LOG.error("after commit: {} failed", deferred.what(), RedactedThrowable.of(e));
            }
        }
        var published = committed.events();
        if (!published.isEmpty()) events.publish(published);
        if (committed.wakesOutbox() || published.stream().anyMatch(e -> e instanceof PipelineEvent.OutboxChanged)) {
            outbox.wake();
        }
    }

    /** A unit of work that could not be committed after {@value #MAX_ATTEMPTS} preparations. */
    public static final class PreparationExhausted extends RuntimeException {
        public PreparationExhausted(String message) {
            super(message);
        }
    }
}
