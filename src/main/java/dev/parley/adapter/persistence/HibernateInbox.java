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

    HibernateInbox(Session session) {
        this.session = session;
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

    /**
     * The oldest waiting row of each lane within the {@code window} oldest waiting rows. A bounded range scan of
     * the (status, id) index, instead of grouping the whole backlog on every dispatch; rows are read in full, so
     * the status tested is the row's own (after a crash we have seen an index entry outlive its row's status).
     */
    @Override
    public List<InboxEntry> laneHeads(int window) {
        var rows = session.createSelectionQuery("from InboxEntity where status = :received order by id",
                        InboxEntity.class)
                .setParameter("received", InboxStatus.RECEIVED).setMaxResults(window).getResultList();
        var lanes = new java.util.HashSet<String>();
        var heads = new java.util.ArrayList<InboxEntry>();
        for (var row : rows) {
            if (row.status != InboxStatus.RECEIVED) {
                LOG.warn("inbox index named row {} as waiting though it is {}", row.id, row.status);
            } else if (lanes.add(row.channel + "\u0000" + row.conversationKey)) {
                heads.add(row.toDomain());
            }
        }
        return heads;
    }

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

    private static String truncate(String error) {
        return error == null || error.length() <= 2000 ? error : error.substring(0, 2000);
    }
}
