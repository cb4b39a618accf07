package dev.parley.application.pipeline;

import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.RedactedThrowable;
import dev.parley.application.RetryPolicy;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.safety.ReleaseHeldMessage;
import dev.parley.application.safety.ScreenInbound;
import dev.parley.application.store.Store;
import dev.parley.application.store.Transactions;
import dev.parley.domain.conversation.ScheduledJob;
import dev.parley.domain.conversation.TimelineEvent;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fires due scheduled jobs; each job's effects commit in one transaction with its DONE mark. A failing job is retried as
 * {@link RetryPolicy#JOBS} says, then marked FAILED.
 */
public final class RunDueJobs {
    private static final Logger LOG = LoggerFactory.getLogger(RunDueJobs.class);

    private final Transactions transactions;
    private final Playbooks playbooks;
    private final Clock clock;
    private final PipelineEvents events;
    private final WorkSignal outbox;
    private final ReleaseHeldMessage release;

    public RunDueJobs(Transactions transactions, Playbooks playbooks, Clock clock, PipelineEvents events,
                      WorkSignal outbox) {
        this.transactions = transactions;
        this.release = new ReleaseHeldMessage(playbooks);
        this.playbooks = playbooks;
        this.clock = clock;
        this.events = events;
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
            var published = transactions.inTransaction(store -> runIn(store, job));
            events.publish(published);
        } catch (RuntimeException e) {
            int attempts = job.attempts() + 1;
            var error = RedactedThrowable.summary(e);
            var next = RetryPolicy.JOBS.nextAttempt(attempts, clock.instant(), ThreadLocalRandom.current());
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

    private List<PipelineEvent> runIn(Store store, ScheduledJob job) {
        var now = clock.instant();
        var published = new ArrayList<PipelineEvent>();
        if (store.jobs().claim(job.id(), now).isEmpty()) {
            return published; // fired already, or firing now in another process: a timer fires once
        }
        var conversation = job.conversationId() == null ? null
                : store.conversations().find(job.conversationId()).orElse(null);
        if (ScreenInbound.RELEASE_JOB.equals(job.kind())) {
            // Seed 002's DELAY has ended: the held message reaches automation now.
            release.release(store, ReleaseHeldMessage.messageOf(job.trigger()), TimelineEvent.SYSTEM_ACTOR, now)
                    .ifPresent(published::addAll);
        } else if (conversation != null && (job.state() == null || job.state().equals(conversation.state()))) {
            var playbook = playbooks.find(conversation.playbook()).orElseThrow();
            var session = new ConversationSession(store, playbook, conversation, now, TimelineEvent.SYSTEM_ACTOR);
            playbook.onTimer(session, job.trigger());
            published.addAll(session.events());
            LOG.debug("job={} fired trigger={} conversation={}", job.id(), job.trigger(), conversation.id());
        }
        store.jobs().markDone(job.id(), now);
        return published;
    }
}
