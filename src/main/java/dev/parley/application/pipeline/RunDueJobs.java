package dev.parley.application.pipeline;

import dev.parley.application.RedactedThrowable;
import dev.parley.application.RetryPolicy;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.playbook.SessionBackend;
import dev.parley.application.safety.ScreenInbound;
import dev.parley.application.store.Store;
import dev.parley.application.store.Transactions;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.conversation.ScheduledJob;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.InboxEntry;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.LongFunction;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fires due scheduled jobs, each as a unit of work of its conversation ({@link StageRunner}): the playbook's timer
 * (or the release of a held message) is prepared with no transaction open, then decided again and committed in one
 * transaction with the job's DONE mark. A failing job is retried as {@link RetryPolicy#JOBS} says, then marked
 * FAILED.
 */
public final class RunDueJobs {
    private static final Logger LOG = LoggerFactory.getLogger(RunDueJobs.class);

    private final Transactions transactions;
    private final Playbooks playbooks;
    private final Clock clock;
    private final StageRunner stages;
    private final WorkSignal outbox;
    private final ReleaseHeldMessage release;
    private final RandomGenerator random;

    public RunDueJobs(Transactions transactions, Playbooks playbooks, Clock clock, StageRunner stages,
                      WorkSignal outbox, RandomGenerator random) {
        this.transactions = transactions;
        this.random = random;
        this.release = new ReleaseHeldMessage(playbooks);
        this.playbooks = playbooks;
        this.clock = clock;
        this.stages = stages;
        this.outbox = outbox;
    }

    /** Runs the jobs due now; returns how many ran. */
    public int runDue(int limit) {
        var due = transactions.inTransaction(s -> s.jobs().due(clock.instant(), limit));
        for (var job : due) {
            run(job);
        }
        if (!due.isEmpty()) {
            outbox.wake();
        }
        return due.size();
    }

    private void run(ScheduledJob job) {
        try {
            stages.run("job " + job.id(), new Due(job));
        } catch (RuntimeException e) {
            int attempts = job.attempts() + 1;
            var error = RedactedThrowable.summary(e);
            var next = RetryPolicy.JOBS.nextAttempt(attempts, clock.instant(), random);
            LOG.error("job={} attempt {} failed{}", job.id(), attempts, next.isEmpty() ? ": FAILED" : ", retrying",
                    RedactedThrowable.of(e));
            transactions.run(store -> {
                if (store.jobs().claim(job.id(), clock.instant()).isEmpty()) return; // done meanwhile, elsewhere
                if (next.isEmpty()) {
                    store.jobs().markFailed(job.id(), attempts, error, clock.instant());
                } else {
                    store.jobs().markRetry(job.id(), attempts, error, next.get());
                }
            });
        }
    }

    /** One due job as a unit of work; its Commit stage answers whether it fired (false: done already). */
    private final class Due implements UnitOfWork<Boolean> {
        private final ScheduledJob job;
        private final PreparedConversation conversation;

        Due(ScheduledJob job) {
            this.job = job;
            this.conversation = new PreparedConversation(job.conversationId() == null ? -1 : job.conversationId());
        }

        @Override
        public void prepare(Preparing preparing) {
            var snapshot = preparing.snapshot();
            var read = job.conversationId() == null ? Optional.<Conversation>empty() : conversation.read(snapshot);
            fire(snapshot, read.orElse(null), id -> transactions.inTransaction(s -> s.inbox().find(id)),
                    preparing.now());
        }

        @Override
        public Boolean commit(Store store, Committing committing) {
            var now = committing.now();
            if (store.jobs().claim(job.id(), now).isEmpty()) {
                return false; // fired already, or firing now in another process: a timer fires once
            }
            var locked = job.conversationId() == null ? Optional.<Conversation>empty()
                    : conversation.lockUnchanged(store, committing);
            fire(committing.backend(), locked.orElse(null), id -> store.inbox().find(id), now)
                    .ifPresent(committing::publish);
            store.jobs().markDone(job.id(), now);
            return true;
        }

        /** Decide: a held message's release, or the playbook's timer when its state still holds. */
        private Optional<ConversationSession> fire(SessionBackend backend, Conversation conversation,
                                                   LongFunction<Optional<InboxEntry>> inbox, Instant now) {
            if (ScreenInbound.RELEASE_JOB.equals(job.kind())) {
                // Seed 002's DELAY has ended: the held message reaches automation now.
                return release.release(backend, inbox, ReleaseHeldMessage.messageOf(job.trigger()),
                        TimelineEvent.SYSTEM_ACTOR, now);
            }
            if (conversation == null || (job.state() != null && !job.state().equals(conversation.state()))) {
                return Optional.empty();
            }
            var playbook = playbooks.find(conversation.playbook()).orElseThrow();
            var session = new ConversationSession(backend, playbook, conversation, now, TimelineEvent.SYSTEM_ACTOR);
            playbook.onTimer(session, job.trigger());
            LOG.debug("job={} fired trigger={} conversation={}", job.id(), job.trigger(), conversation.id());
            return Optional.of(session);
        }
    }
}
