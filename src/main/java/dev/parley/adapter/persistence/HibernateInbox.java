package dev.parley.adapter.persistence;

import dev.parley.application.store.Inbox;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.InboxEntry;
import dev.parley.domain.message.InboxStatus;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateInbox implements Inbox {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(HibernateInbox.class);
    private final Session session;
    private final StoreDialect dialect;

    HibernateInbox(Session session, StoreDialect dialect) {
        this.session = session;
        this.dialect = dialect;
    }

    @Override
    public Receipt insertIfAbsent(InboundMessage m, String payload, Instant now) {
        var existing = session.createSelectionQuery(
                        "select id from InboxEntity where channel = :channel and providerId = :providerId", Long.class)
                .setParameter("channel", m.channel()).setParameter("providerId", m.providerId())
                .uniqueResultOptional();
        if (existing.isPresent()) {
            return new Receipt(existing.get(), true);
        }
        var row = new InboxEntity();
        row.channel = m.channel();
        row.providerId = m.providerId();
        row.conversationKey = m.conversationKey();
        row.sender = m.from();
        row.recipient = m.to();
        row.text = m.text();
        row.replyTo = m.replyTo();
        row.sentAt = m.sentAt();
        row.playbook = m.playbook();
        row.senderName = m.senderName();
        row.payload = payload;
        row.chatDetails = ChatDetailsColumn.write(m.chat());
        row.status = InboxStatus.RECEIVED;
        row.receivedAt = now;
        row.nextAttemptAt = now;
        session.persist(row);
        return new Receipt(row.id, false);
    }

    @Override
    public Optional<InboxEntry> find(long id) {
        return Optional.ofNullable(session.find(InboxEntity.class, id)).map(InboxEntity::toDomain);
    }

    @Override
    public Optional<InboxEntry> claim(long id) {
        var row = session.find(InboxEntity.class, id);
        if (row == null || row.status != InboxStatus.RECEIVED) return Optional.empty();
        if (!dialect.shared()) return Optional.of(row.toDomain()); // one process: the worker's busy lanes suffice
        boolean held = session.createNativeQuery("select pg_try_advisory_xact_lock(:lanes, :lane)", Boolean.class)
                .setParameter("lanes", StoreDialect.LOCK_LANE)
                .setParameter("lane", StoreDialect.laneKey(row.channel, row.conversationKey)).getSingleResult();
        if (!held) return Optional.empty();
        // Another process may have finished the row between the read above and the lock: read it again, locked.
        session.refresh(row, jakarta.persistence.LockModeType.PESSIMISTIC_WRITE);
        return row.status == InboxStatus.RECEIVED ? Optional.of(row.toDomain()) : Optional.empty();
    }

    /**
     * The oldest waiting row of each lane within the {@code window} oldest waiting rows. A bounded range scan of
     * the (status, id) index, instead of grouping the whole backlog on every dispatch, that reads only each row's id
     * and lane: a large backlog in one lane costs a dispatch a few hundred short tuples, not as many entities with
     * their text and payload. Only the heads are then read in full, and the status tested is the row's own (after a
     * crash we have seen an index entry outlive its row's status).
     */
    @Override
    public Window laneHeadsInWindow(int window) {
        var rows = session.createSelectionQuery("select id, channel, conversationKey from InboxEntity "
                        + "where status = :received order by id", Object[].class)
                .setParameter("received", InboxStatus.RECEIVED).setMaxResults(window).getResultList();
        var lanes = new java.util.HashSet<String>();
        var heads = new java.util.ArrayList<InboxEntry>();
        for (var row : rows) {
            var lane = row[1] + "\u0000" + row[2];
            if (lanes.contains(lane)) continue;
            var head = session.find(InboxEntity.class, row[0]);
            if (head == null) {
                // The index named a row its table does not have: the crash damage ADR 0001 describes.
                LOG.warn("inbox index named row {} as waiting but the row is gone", row[0]);
            } else if (head.status != InboxStatus.RECEIVED) {
                // Usually finished between the index scan and this read (by the lane's worker, or by another
                // process in team mode): an ordinary race, so not a warning. A stale index entry left by a crash
                // looks the same and is skipped the same way; the start-up integrity check rebuilds such indexes.
                LOG.debug("inbox row {} left the waiting state during this dispatch ({})", row[0], head.status);
            } else {
                lanes.add(lane);
                heads.add(head.toDomain());
            }
        }
        return new Window(heads, rows.size() >= window);
    }

    @Override
    public List<InboxEntry> laneHeadsAfter(String afterChannel, String afterKey, int lanes) {
        var heads = new java.util.ArrayList<InboxEntry>();
        String channel = afterChannel;
        String key = afterKey;
        while (heads.size() < lanes) {
            // Each step is one seek on ix_inbox_status_lane (status, channel, conversation_key, id).
            var inChannel = channel;
            var next = inChannel == null ? firstWaiting("", null, true)
                    : firstWaiting(inChannel, key, false).or(() -> firstWaiting(inChannel, null, true));
            if (next.isEmpty()) break;
            var row = next.get();
            channel = row.channel;
            key = row.conversationKey;
            if (row.status == InboxStatus.RECEIVED) {
                heads.add(row.toDomain());
            }
        }
        return heads;
    }

    /**
     * The first waiting row of the next lane: in {@code channel} after {@code key}, or in a later channel. "After" is
     * written {@code >= value + U+0001} rather than {@code > value}: H2 starts a {@code >} range scan at the value
     * itself and steps over every entry equal to it, so a lane with a backlog of thousands cost a walk step as many
     * index entries (and a dispatch a few hundred milliseconds on a loaded machine); the successor is a true seek.
     * Keys and channels do not contain control characters (a key that began with another lane's key followed by
     * U+0000 would be reached through the arrival window only). Both orders start with {@code status}, which the
     * condition fixes, so H2 reads the index in order and stops at the first row.
     */
    private Optional<InboxEntity> firstWaiting(String channel, String key, boolean laterChannel) {
        var query = laterChannel
                ? session.createSelectionQuery("from InboxEntity where status = :received and channel >= :channel "
                        + "order by status, channel, conversationKey, id", InboxEntity.class)
                        .setParameter("channel", channel.isEmpty() ? "" : channel + SUCCESSOR)
                : session.createSelectionQuery("from InboxEntity where status = :received and channel = :channel "
                        + "and conversationKey >= :key order by status, channel, conversationKey, id",
                                InboxEntity.class)
                        .setParameter("channel", channel).setParameter("key", key + SUCCESSOR);
        return query.setParameter("received", InboxStatus.RECEIVED)
                .setMaxResults(1).getResultList().stream().findFirst();
    }

    /** Appended to a value, the smallest string after it that a database's text type can hold (not U+0000). */
    private static final String SUCCESSOR = "\u0001";

    @Override
    public List<InboxEntry> byStatus(InboxStatus status, int limit) {
        return session.createSelectionQuery("from InboxEntity where status = :status order by id desc",
                        InboxEntity.class)
                .setParameter("status", status).setMaxResults(limit).getResultList().stream()
                .map(InboxEntity::toDomain).toList();
    }

    @Override
    public void markProcessed(long id, Instant now) {
        var row = session.find(InboxEntity.class, id);
        row.status = InboxStatus.PROCESSED;
        row.processedAt = now;
        row.error = null;
    }

    @Override
    public void markRetry(long id, int attempts, String error, Instant nextAttemptAt) {
        var row = session.find(InboxEntity.class, id);
        row.attempts = attempts;
        row.error = truncate(error);
        row.nextAttemptAt = nextAttemptAt;
    }

    @Override
    public void markFailed(long id, int attempts, String error, Instant now) {
        var row = session.find(InboxEntity.class, id);
        row.status = InboxStatus.FAILED;
        row.attempts = attempts;
        row.error = truncate(error);
        row.processedAt = now;
    }

    @Override
    public boolean requeue(long id, Instant now) {
        var row = session.find(InboxEntity.class, id);
        if (row == null || row.status != InboxStatus.FAILED) {
            return false;
        }
        row.status = InboxStatus.RECEIVED;
        row.attempts = 0;
        row.nextAttemptAt = now;
        row.processedAt = null;
        return true;
    }

    @Override
    public Map<InboxStatus, Long> countByStatus() {
        var counts = new EnumMap<InboxStatus, Long>(InboxStatus.class);
        for (var status : InboxStatus.values()) counts.put(status, 0L);
        session.createSelectionQuery("select status, count(*) from InboxEntity group by status", Object[].class)
                .getResultList().forEach(row -> counts.put((InboxStatus) row[0], (Long) row[1]));
        return counts;
    }

    @Override
    public Optional<Instant> nextDueAt() {
        return Optional.ofNullable(session.createSelectionQuery("""
                        select min(i.nextAttemptAt) from InboxEntity i where i.id in (
                          select min(j.id) from InboxEntity j where j.status = :received
                          group by j.channel, j.conversationKey)""", Instant.class)
                .setParameter("received", InboxStatus.RECEIVED).getSingleResult());
    }

    @Override
    public List<InboxEntry> ofLane(String channel, String conversationKey) {
        return session.createSelectionQuery(
                        "from InboxEntity where channel = :channel and conversationKey = :key order by id",
                        InboxEntity.class)
                .setParameter("channel", channel).setParameter("key", conversationKey).getResultList().stream()
                .map(InboxEntity::toDomain).toList();
    }

    @Override
    public Optional<String> lastRecipient(String channel, String conversationKey) {
        return session.createSelectionQuery("select recipient from InboxEntity where channel = :channel and "
                        + "conversationKey = :key and recipient is not null order by id desc", String.class)
                .setParameter("channel", channel).setParameter("key", conversationKey).setMaxResults(1)
                .getResultList().stream().filter(r -> !r.isBlank()).findFirst();
    }

    private static String truncate(String error) {
        return error == null || error.length() <= 2000 ? error : error.substring(0, 2000);
    }
}
