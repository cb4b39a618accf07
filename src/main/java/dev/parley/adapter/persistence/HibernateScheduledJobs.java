package dev.parley.adapter.persistence;

import dev.parley.application.store.ScheduledJobs;
import dev.parley.domain.conversation.ScheduledJob;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateScheduledJobs implements ScheduledJobs {
    static final String PENDING = "PENDING";
    private final Session session;
    private final StoreDialect dialect;

    HibernateScheduledJobs(Session session, StoreDialect dialect) {
        this.session = session;
        this.dialect = dialect;
    }

    @Override
    public long schedule(String kind, Long conversationId, String trigger, String state, Instant dueAt, Instant now) {
        var job = new ScheduledJobEntity();
        job.kind = kind;
        job.conversationId = conversationId;
        job.trigger = trigger;
        job.state = state;
        job.dueAt = dueAt;
        job.status = PENDING;
        job.createdAt = now;
        session.persist(job);
        return job.id;
    }

    @Override
    public List<ScheduledJob> due(Instant now, int limit) {
        return session.createSelectionQuery(
                        "from ScheduledJobEntity where status = :pending and dueAt <= :now order by dueAt, id",
                        ScheduledJobEntity.class)
                .setParameter("pending", PENDING).setParameter("now", now).setMaxResults(limit)
                .getResultList().stream().map(ScheduledJobEntity::toDomain).toList();
    }

    @Override
    public Optional<ScheduledJob> claim(long id, Instant now) {
        ScheduledJobEntity job;
        if (dialect.shared()) {
            // skip a job another process is running: it fires once, there
            job = session.createNativeQuery("select * from scheduled_jobs where id = :id for update skip locked",
                    ScheduledJobEntity.class).setParameter("id", id).uniqueResultOptional().orElse(null);
        } else {
            // "for update" takes the store's writer lock (SingleWriter) before the row is read, so a second runner in
            // this process (the scheduler loop beside an operator's "send now" or a test's runDue) waits for the
            // first to commit and then reads DONE, instead of running the job again on a stale PENDING read.
            job = session.find(ScheduledJobEntity.class, id, jakarta.persistence.LockModeType.PESSIMISTIC_WRITE);
        }
        if (job == null || !PENDING.equals(job.status) || job.dueAt.isAfter(now)) return Optional.empty();
        return Optional.of(job.toDomain());
    }

    @Override
    public void markDone(long id, Instant now) {
        var job = session.find(ScheduledJobEntity.class, id);
        job.status = "DONE";
        job.doneAt = now;
    }

    @Override
    public void markFailed(long id, int attempts, String error, Instant now) {
        var job = session.find(ScheduledJobEntity.class, id);
        job.status = "FAILED";
        job.attempts = attempts;
        job.error = error;
        job.doneAt = now;
    }

    @Override
    public void markRetry(long id, int attempts, String error, Instant nextDueAt) {
        var job = session.find(ScheduledJobEntity.class, id);
        job.attempts = attempts;
        job.error = error;
        job.dueAt = nextDueAt;
    }

    @Override
    public int cancelPending(long conversationId, String kind, Instant now) {
        return session.createMutationQuery("update ScheduledJobEntity set status = 'CANCELLED', doneAt = :now "
                        + "where conversationId = :id and kind = :kind and status = :pending")
                .setParameter("now", now).setParameter("id", conversationId).setParameter("kind", kind)
                .setParameter("pending", PENDING).executeUpdate();
    }

    @Override
    public List<ScheduledJob> pendingOf(long conversationId) {
        return session.createSelectionQuery(
                        "from ScheduledJobEntity where conversationId = :id and status = :pending order by dueAt",
                        ScheduledJobEntity.class)
                .setParameter("id", conversationId).setParameter("pending", PENDING).getResultList().stream()
                .map(ScheduledJobEntity::toDomain).toList();
    }

    @Override
    public Optional<Instant> nextDueAt() {
        return Optional.ofNullable(session.createSelectionQuery(
                        "select min(dueAt) from ScheduledJobEntity where status = :pending", Instant.class)
                .setParameter("pending", PENDING).getSingleResult());
    }
}
