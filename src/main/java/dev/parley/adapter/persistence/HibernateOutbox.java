package dev.parley.adapter.persistence;

import dev.parley.application.store.Outbox;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateOutbox implements Outbox {
    private final Session session;
    private final StoreDialect dialect;
    private final StoreProcess process;

    HibernateOutbox(Session session, StoreDialect dialect, StoreProcess process) {
        this.session = session;
        this.dialect = dialect;
        this.process = process;
    }

    @Override
    public Optional<OutboxEntry> enqueue(long conversationId, long contactId, String cause, String purpose,
                                         String text, String replyTo, OutboxStatus status, String reason,
                                         boolean operatorExplicit, String actor, Instant now) {
        var exists = session.createSelectionQuery(
                        "select count(*) from OutboxEntity where cause = :cause and purpose = :purpose", Long.class)
                .setParameter("cause", cause).setParameter("purpose", purpose).getSingleResult() > 0;
        if (exists) {
            return Optional.empty();
        }
        var row = new OutboxEntity();
        row.conversationId = conversationId;
        row.contactId = contactId;
        row.cause = cause;
        row.purpose = purpose;
        row.text = text;
        row.replyTo = replyTo;
        row.status = status;
        row.reason = reason;
        row.nextAttemptAt = now;
        row.operatorExplicit = operatorExplicit;
        row.actor = actor;
        row.createdAt = now;
        session.persist(row);
        return Optional.of(row.toDomain());
    }

    @Override
    public Optional<OutboxEntry> find(long id) {
        return Optional.ofNullable(session.find(OutboxEntity.class, id)).map(OutboxEntity::toDomain);
    }

    @Override
    public Optional<OutboxEntry> reload(long id) {
        var row = session.find(OutboxEntity.class, id);
        if (row == null) {
            return Optional.empty();
        }
        session.refresh(row);
        return Optional.of(row.toDomain());
    }

    @Override
    public List<OutboxEntry> due(Instant now, int limit) {
        return session.createSelectionQuery(
                        "from OutboxEntity where status = :pending and nextAttemptAt <= :now order by id",
                        OutboxEntity.class)
                .setParameter("pending", OutboxStatus.PENDING).setParameter("now", now)
                .setMaxResults(limit).getResultList().stream().map(OutboxEntity::toDomain).toList();
    }

    @Override
    public boolean hasEarlierUnsent(long conversationId, long id, Instant now) {
        return !session.createSelectionQuery("select o.id from OutboxEntity o where o.conversationId = :conversation "
                        + "and o.id < :id and (o.status = :sending or o.status = :pending "
                        + "and (o.attempts > 0 or o.nextAttemptAt <= :now))", Long.class)
                .setParameter("conversation", conversationId).setParameter("id", id)
                .setParameter("pending", OutboxStatus.PENDING).setParameter("sending", OutboxStatus.SENDING)
                .setParameter("now", now)
                .setMaxResults(1).getResultList().isEmpty();
    }

    @Override
    public OutboxEntry claim(long id, Instant now) {
        var row = session.find(OutboxEntity.class, id);
        row.status = OutboxStatus.SENDING;
        row.attempts++;
        row.claimedAt = now;
        row.claimedBy = dialect.shared() ? process.id() : null;
        return row.toDomain();
    }

    @Override
    public List<OutboxEntry> sending(Instant now) {
        if (dialect.shared()) return sendingWithoutItsProcess(now);
        return session.createSelectionQuery("from OutboxEntity where status = :sending order by id",
                        OutboxEntity.class)
                .setParameter("sending", OutboxStatus.SENDING).getResultList().stream()
                .map(OutboxEntity::toDomain).toList();
    }

    /**
     * Rows another running process is sending are its own business: only this process's rows, and those of processes
     * taken for gone ({@link AbsentClaimants}: stopped, or their running lock missing for a while), are left for
     * recovery.
     */
    private List<OutboxEntry> sendingWithoutItsProcess(Instant now) {
        var rows = new java.util.ArrayList<>(session.createNativeQuery("select * from outbox o where o.status = "
                        + "'SENDING' and (o.claimed_by is null or o.claimed_by = :self)", OutboxEntity.class)
                .setParameter("self", process.id()).getResultList());
        List<Object[]> missing = session.createNativeQuery("select distinct o.claimed_by, p.stopped_at is not null "
                        + "from outbox o left join parley_processes p on p.id = o.claimed_by "
                        + "where o.status = 'SENDING' and o.claimed_by <> :self and not "
                        + PostgresProcessSession.runningSql("o.claimed_by"), Object[].class)
                .setParameter("self", process.id()).getResultList();
        var stopped = missing.stream().filter(r -> Boolean.TRUE.equals(r[1])).map(r -> ((Number) r[0]).longValue())
                .toList();
        var gone = process.absent().gone(missing.stream().map(r -> ((Number) r[0]).longValue()).toList(), stopped,
                now);
        if (!gone.isEmpty()) {
            rows.addAll(session.createNativeQuery("select * from outbox o where o.status = 'SENDING' and "
                            + "o.claimed_by in (:gone)", OutboxEntity.class)
                    .setParameterList("gone", gone).getResultList());
        }
        return rows.stream().map(OutboxEntity::toDomain).sorted(java.util.Comparator.comparingLong(OutboxEntry::id))
                .toList();
    }

    @Override
    public void markSent(long id, String providerId, Instant now) {
        var row = session.find(OutboxEntity.class, id);
        row.status = OutboxStatus.SENT;
        row.providerId = providerId;
        row.sentAt = now;
        row.reason = null;
    }

    @Override
    public void mark(long id, OutboxStatus status, String reason) {
        var row = session.find(OutboxEntity.class, id);
        row.status = status;
        row.reason = reason;
    }

    @Override
    public void rewrite(long id, String text) {
        session.find(OutboxEntity.class, id).text = java.util.Objects.requireNonNull(text, "text");
    }

    @Override
    public void markRetry(long id, int attempts, String reason, Instant nextAttemptAt) {
        var row = session.find(OutboxEntity.class, id);
        row.status = OutboxStatus.PENDING;
        row.attempts = attempts;
        row.reason = reason;
        row.nextAttemptAt = nextAttemptAt;
    }

    @Override
    public void requeue(long id, Instant now) {
        var row = session.find(OutboxEntity.class, id);
        row.status = OutboxStatus.PENDING;
        row.attempts = 0;
        row.nextAttemptAt = now;
    }

    @Override
    public List<OutboxEntry> holdPendingOfContact(long contactId, String reason) {
        // Managed rows, not a bulk update: the caller learns which rows it held (to publish them), and a row
        // queued earlier in this transaction is held in the persistence context too.
        var rows = session.createSelectionQuery(
                        "from OutboxEntity where contactId = :contact and status = :pending order by id",
                        OutboxEntity.class)
                .setParameter("contact", contactId).setParameter("pending", OutboxStatus.PENDING)
                .getResultList();
        for (var row : rows) {
            row.status = OutboxStatus.HELD;
            row.reason = reason;
        }
        return rows.stream().map(OutboxEntity::toDomain).toList();
    }

    @Override
    public List<OutboxEntry> ofConversation(long conversationId) {
        return session.createSelectionQuery("from OutboxEntity where conversationId = :id order by id",
                        OutboxEntity.class)
                .setParameter("id", conversationId).getResultList().stream().map(OutboxEntity::toDomain).toList();
    }

    @Override
    public List<OutboxEntry> byStatus(OutboxStatus status, int limit) {
        return session.createSelectionQuery("from OutboxEntity where status = :status order by id desc",
                        OutboxEntity.class)
                .setParameter("status", status).setMaxResults(limit).getResultList().stream()
                .map(OutboxEntity::toDomain).toList();
    }

    @Override
    public Map<OutboxStatus, Long> countByStatus() {
        var counts = new EnumMap<OutboxStatus, Long>(OutboxStatus.class);
        for (var status : OutboxStatus.values()) counts.put(status, 0L);
        session.createSelectionQuery("select status, count(*) from OutboxEntity group by status", Object[].class)
                .getResultList().forEach(row -> counts.put((OutboxStatus) row[0], (Long) row[1]));
        return counts;
    }

    @Override
    public Optional<Instant> nextDueAt() {
        return Optional.ofNullable(session.createSelectionQuery(
                        "select min(nextAttemptAt) from OutboxEntity where status = :pending", Instant.class)
                .setParameter("pending", OutboxStatus.PENDING).getSingleResult());
    }
}
