package dev.parley.adapter.memory;

import dev.parley.application.store.Outbox;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Outgoing messages, one per (cause, purpose). PENDING rows are indexed by id (the sending order) and by next
 * attempt (the next due time). The provider's message id is not kept: no port method returns it.
 */
final class InMemoryOutbox implements Outbox {
    private record Reason(String cause, String purpose) {
    }

    private final Table<OutboxEntry> table;
    private final InMemoryConversations conversations;
    private final InMemoryContacts contacts;
    private final UniqueIndex<Reason, OutboxEntry> byReason;
    private final SortedIndex<OutboxEntry> pendingById;
    private final SortedIndex<OutboxEntry> pendingByNextAttempt;
    private final SortedIndex<OutboxEntry> sendingById;
    private final GroupIndex<Long, OutboxEntry> byConversation;

    InMemoryOutbox(UndoLog undo, InMemoryConversations conversations, InMemoryContacts contacts) {
        this.conversations = conversations;
        this.contacts = contacts;
        table = new Table<>("outbox row", undo);
        byReason = table.index(new UniqueIndex<>("uq_outbox_cause_purpose", o -> new Reason(o.cause(), o.purpose())));
        pendingById = table.index(new SortedIndex<>(pending(), Comparator.comparingLong(OutboxEntry::id)));
        pendingByNextAttempt = table.index(new SortedIndex<>(pending(),
                Comparator.comparing(OutboxEntry::nextAttemptAt).thenComparingLong(OutboxEntry::id)));
        sendingById = table.index(new SortedIndex<>(o -> o.status() == OutboxStatus.SENDING,
                Comparator.comparingLong(OutboxEntry::id)));
        byConversation = table.index(new GroupIndex<>(OutboxEntry::conversationId));
    }

    private static Predicate<OutboxEntry> pending() {
        return o -> o.status() == OutboxStatus.PENDING;
    }

    @Override
    public Optional<OutboxEntry> enqueue(long conversationId, long contactId, String cause, String purpose,
                                         String text, String replyTo, OutboxStatus status, String reason,
                                         boolean operatorExplicit, String actor, Instant now) {
        table.guard();
        if (byReason.find(new Reason(cause, purpose)) != null) return Optional.empty();
        Objects.requireNonNull(cause, "cause");
        Objects.requireNonNull(purpose, "purpose");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(now, "created_at");
        ForeignKeys.require(conversations.table, conversationId, "outbox.conversation_id");
        ForeignKeys.require(contacts.table, contactId, "outbox.contact_id");
        long id = table.nextId();
        var at = StoredTime.of(now);
        var row = new OutboxEntry(id, conversationId, contactId, cause, purpose, text, status, reason, 0, at,
                operatorExplicit, actor, at, null, replyTo, null);
        table.put(id, row);
        return Optional.of(row);
    }

    @Override
    public Optional<OutboxEntry> find(long id) {
        return Optional.ofNullable(table.get(id));
    }

    /** Units of work run one at a time under the store's lock, so what was read is what is committed. */
    @Override
    public Optional<OutboxEntry> reload(long id) {
        return find(id);
    }

    @Override
    public List<OutboxEntry> due(Instant now, int limit) {
        table.guard();
        var byTime = pendingByNextAttempt.rows();
        if (byTime.isEmpty() || byTime.first().nextAttemptAt().isAfter(now)) return List.of();
        var rows = new ArrayList<OutboxEntry>();
        for (var o : pendingById.rows()) {
            if (rows.size() >= limit) break;
            if (!o.nextAttemptAt().isAfter(now)) rows.add(o);
        }
        return rows;
    }

    @Override
    public boolean hasEarlierUnsent(long conversationId, long id, Instant now) {
        table.guard();
        return byConversation.of(conversationId).stream().anyMatch(o -> o.id() < id
                && (o.status() == OutboxStatus.SENDING || o.status() == OutboxStatus.PENDING
                && (o.attempts() > 0 || !o.nextAttemptAt().isAfter(now))));
    }

    @Override
    public OutboxEntry claim(long id, Instant now) {
        var o = table.require(id);
        put(o, OutboxStatus.SENDING, o.reason(), o.attempts() + 1, o.nextAttemptAt(), o.sentAt(), StoredTime.of(now));
        return table.get(id);
    }

    @Override
    public List<OutboxEntry> sending(Instant now) {
        table.guard();
        return List.copyOf(sendingById.rows());
    }

    @Override
    public void markSent(long id, String providerId, Instant now) {
        var o = table.require(id);
        put(o, OutboxStatus.SENT, null, o.attempts(), o.nextAttemptAt(), StoredTime.of(now), o.claimedAt());
    }

    @Override
    public void mark(long id, OutboxStatus status, String reason) {
        var o = table.require(id);
        put(o, status, reason, o.attempts(), o.nextAttemptAt(), o.sentAt(), o.claimedAt());
    }

    @Override
    public void rewrite(long id, String text) {
        Objects.requireNonNull(text, "text");
        var o = table.require(id);
        table.put(id, new OutboxEntry(o.id(), o.conversationId(), o.contactId(), o.cause(), o.purpose(), text,
                o.status(), o.reason(), o.attempts(), o.nextAttemptAt(), o.operatorExplicit(), o.actor(),
                o.createdAt(), o.sentAt(), o.replyTo(), o.claimedAt()));
    }

    @Override
    public void markRetry(long id, int attempts, String reason, Instant nextAttemptAt) {
        var o = table.require(id);
        Objects.requireNonNull(nextAttemptAt, "next_attempt_at");
        put(o, OutboxStatus.PENDING, reason, attempts, StoredTime.of(nextAttemptAt), o.sentAt(), o.claimedAt());
    }

    @Override
    public void requeue(long id, Instant now) {
        var o = table.require(id);
        put(o, OutboxStatus.PENDING, o.reason(), 0, StoredTime.of(now), o.sentAt(), o.claimedAt());
    }

    private void put(OutboxEntry o, OutboxStatus status, String reason, int attempts, Instant nextAttemptAt,
                     Instant sentAt, Instant claimedAt) {
        Objects.requireNonNull(status, "status");
        table.put(o.id(), new OutboxEntry(o.id(), o.conversationId(), o.contactId(), o.cause(), o.purpose(), o.text(),
                status, reason, attempts, nextAttemptAt, o.operatorExplicit(), o.actor(), o.createdAt(), sentAt,
                o.replyTo(), claimedAt));
    }

    @Override
    public List<OutboxEntry> holdPendingOfContact(long contactId, String reason) {
        table.guard();
        var pending = pendingById.rows().stream().filter(o -> o.contactId() == contactId)
                .sorted(java.util.Comparator.comparingLong(OutboxEntry::id)).toList();
        pending.forEach(o -> put(o, OutboxStatus.HELD, reason, o.attempts(), o.nextAttemptAt(), o.sentAt(),
                o.claimedAt()));
        return pending.stream().map(o -> table.get(o.id())).toList();
    }

    @Override
    public List<OutboxEntry> ofConversation(long conversationId) {
        table.guard();
        return List.copyOf(byConversation.of(conversationId));
    }

    @Override
    public List<OutboxEntry> byStatus(OutboxStatus status, int limit) {
        var rows = new ArrayList<OutboxEntry>();
        table.forEachNewestFirst(o -> {
            if (rows.size() >= limit) return false;
            if (o.status() == status) rows.add(o);
            return true;
        });
        return rows;
    }

    @Override
    public Map<OutboxStatus, Long> countByStatus() {
        var counts = new EnumMap<OutboxStatus, Long>(OutboxStatus.class);
        for (var status : OutboxStatus.values()) counts.put(status, 0L);
        table.forEach(o -> counts.merge(o.status(), 1L, Long::sum));
        return counts;
    }

    @Override
    public Optional<Instant> nextDueAt() {
        table.guard();
        var byTime = pendingByNextAttempt.rows();
        return byTime.isEmpty() ? Optional.empty() : Optional.of(byTime.first().nextAttemptAt());
    }

    /** Deletes the rows of conversation {@code conversationId} ({@link InMemoryTransactions#forgetConversation}). */
    void forgetConversation(long conversationId) {
        for (long id : byConversation.idsOf(conversationId)) table.delete(id);
    }
}
