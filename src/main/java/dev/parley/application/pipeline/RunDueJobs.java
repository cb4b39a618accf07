package dev.parley.application.pipeline;

import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.store.Store;
import dev.parley.application.store.Transactions;
import dev.parley.domain.conversation.ScheduledJob;
import dev.parley.domain.conversation.TimelineEvent;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Fires due scheduled jobs; each job's effects commit in one transaction with its DONE mark. */
public final class RunDueJobs {
    private static final Logger LOG = LoggerFactory.getLogger(RunDueJobs.class);
    private static final int MAX_ATTEMPTS = 5;

    private final Transactions transactions;
    private final Playbooks playbooks;
    private final Clock clock;
    private final PipelineEvents events;
    private final WorkSignal outbox;

    public RunDueJobs(Transactions transactions, Playbooks playbooks, Clock clock, PipelineEvents events,
                      WorkSignal outbox) {
        this.transactions = transactions;
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
            LOG.warn("job={} failed: {}", job.id(), e.getClass().getName());
            transactions.run(store -> {
                if (store.jobs().claim(job.id(), clock.instant()).isEmpty()) return; // done meanwhile, elsewhere
                int attempts = job.attempts() + 1;
                var error = e.getClass().getSimpleName() + ": " + e.getMessage();
                if (attempts >= MAX_ATTEMPTS) {
                    store.jobs().markFailed(job.id(), attempts, error, clock.instant());
                } else {
                    store.jobs().markRetry(job.id(), attempts, error,
                            clock.instant().plus(Duration.ofSeconds(1L << attempts)));
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
        if (conversation != null && (job.state() == null || job.state().equals(conversation.state()))) {
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
