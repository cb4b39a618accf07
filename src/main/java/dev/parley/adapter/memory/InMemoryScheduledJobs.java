package dev.parley.adapter.memory;

import dev.parley.application.store.ScheduledJobs;
import dev.parley.domain.conversation.ScheduledJob;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Jobs with a due time. PENDING jobs are indexed by (due time, id): the next due time and the due jobs come from
 * the front of that index. Error text, creation and completion times are not kept: no port method returns them.
 */
final class InMemoryScheduledJobs implements ScheduledJobs {
    static final String PENDING = "PENDING";
    private static final Comparator<ScheduledJob> BY_DUE_TIME =
            Comparator.comparing(ScheduledJob::dueAt).thenComparingLong(ScheduledJob::id);

    private final Table<ScheduledJob> table;
    private final InMemoryConversations conversations;
    private final SortedIndex<ScheduledJob> pendingByDueTime;
    private final GroupIndex<Long, ScheduledJob> byConversation;

    InMemoryScheduledJobs(UndoLog undo, InMemoryConversations conversations) {
        this.conversations = conversations;
        table = new Table<>("scheduled job", undo);
        pendingByDueTime = table.index(new SortedIndex<>(j -> PENDING.equals(j.status()), BY_DUE_TIME));
        byConversation = table.index(new GroupIndex<>(ScheduledJob::conversationId));
    }

    @Override
    public long schedule(String kind, Long conversationId, String trigger, String state, Instant dueAt, Instant now) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(trigger, "trigger_name");
        Objects.requireNonNull(dueAt, "due_at");
        Objects.requireNonNull(now, "created_at");
        ForeignKeys.require(conversations.table, conversationId, "scheduled_jobs.conversation_id");
        long id = table.nextId();
        table.put(id, new ScheduledJob(id, kind, conversationId, trigger, state, StoredTime.of(dueAt), PENDING, 0));
        return id;
    }

    @Override
    public List<ScheduledJob> due(Instant now, int limit) {
        table.guard();
        var jobs = new ArrayList<ScheduledJob>();
        for (var job : pendingByDueTime.rows()) {
            if (jobs.size() >= limit || job.dueAt().isAfter(now)) break;
            jobs.add(job);
        }
        return jobs;
    }

    @Override
    public java.util.Optional<ScheduledJob> claim(long id, Instant now) {
        table.guard();
        return java.util.Optional.ofNullable(table.get(id))
                .filter(j -> PENDING.equals(j.status()) && !j.dueAt().isAfter(now));
    }

    @Override
    public void markDone(long id, Instant now) {
        var j = table.require(id);
        put(j, "DONE", j.attempts(), j.dueAt());
    }

    @Override
    public void markFailed(long id, int attempts, String error, Instant now) {
        var j = table.require(id);
        put(j, "FAILED", attempts, j.dueAt());
    }

    @Override
    public void markRetry(long id, int attempts, String error, Instant nextDueAt) {
        var j = table.require(id);
        Objects.requireNonNull(nextDueAt, "due_at");
        put(j, j.status(), attempts, StoredTime.of(nextDueAt));
    }

    private void put(ScheduledJob j, String status, int attempts, Instant dueAt) {
        table.put(j.id(), new ScheduledJob(j.id(), j.kind(), j.conversationId(), j.trigger(), j.state(), dueAt,
                status, attempts));
    }

    @Override
    public int cancelPending(long conversationId, String kind, Instant now) {
        table.guard();
        var cancelled = byConversation.of(conversationId).stream()
                .filter(j -> PENDING.equals(j.status()) && j.kind().equals(kind)).toList();
        cancelled.forEach(j -> put(j, "CANCELLED", j.attempts(), j.dueAt()));
        return cancelled.size();
    }

    @Override
    public List<ScheduledJob> pendingOf(long conversationId) {
        table.guard();
        // By due time; ties in id order (the database leaves their order open).
        return byConversation.of(conversationId).stream().filter(j -> PENDING.equals(j.status()))
                .sorted(BY_DUE_TIME).toList();
    }

    @Override
    public Optional<Instant> nextDueAt() {
        table.guard();
        var pending = pendingByDueTime.rows();
        return pending.isEmpty() ? Optional.empty() : Optional.of(pending.first().dueAt());
    }

    /** Deletes the rows of conversation {@code conversationId} ({@link InMemoryTransactions#forgetConversation}). */
    void forgetConversation(long conversationId) {
        for (long id : byConversation.idsOf(conversationId)) table.delete(id);
    }
}
