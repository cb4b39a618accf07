package dev.parley.application.store;

import dev.parley.domain.conversation.ScheduledJob;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Persisted jobs that fire at a due time; claimed and completed transactionally. */
public interface ScheduledJobs {
    long schedule(String kind, Long conversationId, String trigger, String state, Instant dueAt, Instant now);

    List<ScheduledJob> due(Instant now, int limit);

    /**
     * The job as committed now, locked by this transaction until it ends, when it is still PENDING and due at
     * {@code now} and no other transaction holds it; empty otherwise. A timer fires once: whoever runs or records a
     * job claims it first.
     */
    Optional<ScheduledJob> claim(long id, Instant now);

    void markDone(long id, Instant now);

    void markFailed(long id, int attempts, String error, Instant now);

    void markRetry(long id, int attempts, String error, Instant nextDueAt);

    /** Cancels the conversation's pending jobs of a kind (for example the timers of a state it left). */
    int cancelPending(long conversationId, String kind, Instant now);

    List<ScheduledJob> pendingOf(long conversationId);

    Optional<Instant> nextDueAt();
}
