package dev.parley.adapter.memory;

import dev.parley.application.store.Inbox;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.InboxEntry;
import dev.parley.domain.message.InboxStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Raw receipts, unique per (channel, provider id). RECEIVED rows are indexed in id order, so lane heads and the
 * next due time cost a walk over what is still waiting, not over the whole inbox. The payload and processing
 * time are not kept: no port method returns them.
 */
final class InMemoryInbox implements Inbox {
    private record ProviderKey(String channel, String providerId) {
    }

    private record Lane(String channel, String conversationKey) {
    }

    private static final int MAX_ERROR = 2000;
    private static final Comparator<InboxEntry> BY_LANE = Comparator
            .comparing((InboxEntry e) -> e.message().channel())
            .thenComparing(e -> e.message().conversationKey()).thenComparingLong(InboxEntry::id);

    private final Table<InboxEntry> table;
    private final UniqueIndex<ProviderKey, InboxEntry> byProviderId;
    private final SortedIndex<InboxEntry> received;
    private final SortedIndex<InboxEntry> receivedByLane;
    private final GroupIndex<Lane, InboxEntry> byLane;

    InMemoryInbox(UndoLog undo) {
        table = new Table<>("inbox row", undo);
        byProviderId = table.index(new UniqueIndex<>("uq_inbox_channel_provider",
                e -> new ProviderKey(e.message().channel(), e.message().providerId())));
        received = table.index(new SortedIndex<>(e -> e.status() == InboxStatus.RECEIVED,
                Comparator.comparingLong(InboxEntry::id)));
        receivedByLane = table.index(new SortedIndex<>(e -> e.status() == InboxStatus.RECEIVED, BY_LANE));
        byLane = table.index(new GroupIndex<>(e -> new Lane(e.message().channel(), e.message().conversationKey())));
    }

    @Override
    public Receipt insertIfAbsent(InboundMessage m, String payload, Instant now) {
        table.guard();
        var existing = byProviderId.find(new ProviderKey(m.channel(), m.providerId()));
        if (existing != null) {
            return new Receipt(existing, true);
        }
        Objects.requireNonNull(m.channel(), "channel");
        Objects.requireNonNull(m.providerId(), "provider_id");
        Objects.requireNonNull(m.conversationKey(), "conversation_key");
        Objects.requireNonNull(m.from(), "sender");
        Objects.requireNonNull(m.text(), "text");
        Objects.requireNonNull(m.sentAt(), "sent_at");
        Objects.requireNonNull(now, "received_at");
        long id = table.nextId();
        var stored = m.withSentAt(StoredTime.of(m.sentAt()));
        var at = StoredTime.of(now);
        table.put(id, new InboxEntry(id, stored, InboxStatus.RECEIVED, 0, null, at, at));
        return new Receipt(id, false);
    }

    @Override
    public Optional<InboxEntry> find(long id) {
        return Optional.ofNullable(table.get(id));
    }

    /** One process owns an in-memory store, and its transactions run one at a time: a RECEIVED row is claimable. */
    @Override
    public Optional<InboxEntry> claim(long id) {
        return find(id).filter(e -> e.status() == InboxStatus.RECEIVED);
    }

    @Override
    public Window laneHeadsInWindow(int window) {
        table.guard();
        var heads = new ArrayList<InboxEntry>();
        var lanes = new HashSet<Lane>();
        int seen = 0;
        for (var e : received.rows()) {
            if (seen >= window) break;
            seen++;
            if (lanes.add(new Lane(e.message().channel(), e.message().conversationKey()))) heads.add(e);
        }
        return new Window(heads, seen >= window);
    }

    @Override
    public List<InboxEntry> laneHeadsAfter(String afterChannel, String afterKey, int lanes) {
        table.guard();
        var heads = new ArrayList<InboxEntry>();
        var rows = receivedByLane.rows();
        // A probe that sorts after every row of the lane it names: higher() is the next lane's head.
        var next = afterChannel == null ? (rows.isEmpty() ? null : rows.first())
                : rows.higher(probe(afterChannel, afterKey));
        while (next != null && heads.size() < lanes) {
            heads.add(next);
            next = rows.higher(probe(next.message().channel(), next.message().conversationKey()));
        }
        return heads;
    }

    private static InboxEntry probe(String channel, String conversationKey) {
        var message = new InboundMessage(channel, "", conversationKey, "", null, "", null, null, null, null);
        return new InboxEntry(Long.MAX_VALUE, message, InboxStatus.RECEIVED, 0, null, null, null);
    }

    @Override
    public List<InboxEntry> byStatus(InboxStatus status, int limit) {
        var rows = new ArrayList<InboxEntry>();
        table.forEachNewestFirst(e -> {
            if (rows.size() >= limit) return false;
            if (e.status() == status) rows.add(e);
            return true;
        });
        return rows;
    }

    @Override
    public void markProcessed(long id, Instant now) {
        var e = table.require(id);
        table.put(id, new InboxEntry(id, e.message(), InboxStatus.PROCESSED, e.attempts(), null, e.receivedAt(),
                e.nextAttemptAt()));
    }

    @Override
    public void markRetry(long id, int attempts, String error, Instant nextAttemptAt) {
        var e = table.require(id);
        Objects.requireNonNull(nextAttemptAt, "next_attempt_at");
        table.put(id, new InboxEntry(id, e.message(), e.status(), attempts, truncate(error), e.receivedAt(),
                StoredTime.of(nextAttemptAt)));
    }

    @Override
    public void markFailed(long id, int attempts, String error, Instant now) {
        var e = table.require(id);
        table.put(id, new InboxEntry(id, e.message(), InboxStatus.FAILED, attempts, truncate(error), e.receivedAt(),
                e.nextAttemptAt()));
    }

    @Override
    public boolean requeue(long id, Instant now) {
        var e = table.get(id);
        if (e == null || e.status() != InboxStatus.FAILED) return false;
        // The last error stays, as in the database store.
        table.put(id, new InboxEntry(id, e.message(), InboxStatus.RECEIVED, 0, e.error(), e.receivedAt(),
                StoredTime.of(now)));
        return true;
    }

    @Override
    public Map<InboxStatus, Long> countByStatus() {
        var counts = new EnumMap<InboxStatus, Long>(InboxStatus.class);
        for (var status : InboxStatus.values()) counts.put(status, 0L);
        table.forEach(e -> counts.merge(e.status(), 1L, Long::sum));
        return counts;
    }

    @Override
    public Optional<Instant> nextDueAt() {
        Instant earliest = null;
        for (var head : laneHeads(Integer.MAX_VALUE)) {
            if (earliest == null || head.nextAttemptAt().isBefore(earliest)) earliest = head.nextAttemptAt();
        }
        return Optional.ofNullable(earliest);
    }

    @Override
    public List<InboxEntry> ofLane(String channel, String conversationKey) {
        table.guard();
        return List.copyOf(byLane.of(new Lane(channel, conversationKey)));
    }

    private static String truncate(String error) {
        return error == null || error.length() <= MAX_ERROR ? error : error.substring(0, MAX_ERROR);
    }

    /** Deletes the processed rows of conversation key {@code conversationKey} on {@code channel} (failed ones stay). */
    void forgetProcessed(String channel, String conversationKey) {
        for (long id : byLane.idsOf(new Lane(channel, conversationKey))) {
            if (table.get(id).status() == InboxStatus.PROCESSED) table.delete(id);
        }
    }
}
