package dev.parley.adapter.persistence;

import dev.parley.application.store.Escalations;
import dev.parley.domain.escalation.EscalationThread;
import java.util.List;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateEscalations implements Escalations {
    private final Session session;

    HibernateEscalations(Session session) {
        this.session = session;
    }

    @Override
    public EscalationThread open(EscalationThread thread) {
        var e = new EscalationThreadEntity();
        e.set(thread);
        session.persist(e);
        return e.toDomain();
    }

    @Override
    public Optional<EscalationThread> find(long id) {
        return Optional.ofNullable(session.find(EscalationThreadEntity.class, id))
                .map(EscalationThreadEntity::toDomain);
    }

    @Override
    public Optional<EscalationThread> findByToken(String replyToken) {
        return session.createSelectionQuery("from EscalationThreadEntity where replyToken = :t",
                        EscalationThreadEntity.class).setParameter("t", replyToken).uniqueResultOptional()
                .map(EscalationThreadEntity::toDomain);
    }

    @Override
    public List<EscalationThread> ofConversation(long conversationId) {
        return session.createSelectionQuery("from EscalationThreadEntity where conversationId = :c order by id",
                        EscalationThreadEntity.class).setParameter("c", conversationId).getResultList().stream()
                .map(EscalationThreadEntity::toDomain).toList();
    }

    @Override
    public List<EscalationThread> pending(int limit) {
        return session.createSelectionQuery("from EscalationThreadEntity where status = 'pending' "
                        + "order by slaDeadlineAt, id", EscalationThreadEntity.class).setMaxResults(limit)
                .getResultList().stream().map(EscalationThreadEntity::toDomain).toList();
    }

    @Override
    public List<EscalationThread> closed(int limit) {
        return session.createSelectionQuery("from EscalationThreadEntity where status <> 'pending' "
                        + "order by updatedAt desc, id desc", EscalationThreadEntity.class).setMaxResults(limit)
                .getResultList().stream().map(EscalationThreadEntity::toDomain).toList();
    }

    @Override
    public void update(EscalationThread thread) {
        var e = session.find(EscalationThreadEntity.class, thread.id());
        if (e == null) throw new java.util.NoSuchElementException("escalation " + thread.id());
        e.set(thread);
    }
}
