package dev.parley.adapter.persistence;

import dev.parley.application.store.Engagements;
import dev.parley.domain.buyer.Engagement;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateEngagements implements Engagements {
    private final Session session;

    HibernateEngagements(Session session) {
        this.session = session;
    }

    @Override
    public Engagement create(Engagement engagement) {
        var e = new EngagementEntity();
        e.set(engagement);
        session.persist(e);
        return e.toDomain();
    }

    @Override
    public Optional<Engagement> find(long id) {
        return Optional.ofNullable(session.find(EngagementEntity.class, id)).map(EngagementEntity::toDomain);
    }

    @Override
    public List<Engagement> ofConversation(long conversationId) {
        return session.createSelectionQuery("from EngagementEntity where conversationId = :c order by id",
                        EngagementEntity.class).setParameter("c", conversationId).getResultList().stream()
                .map(EngagementEntity::toDomain).toList();
    }

    @Override
    public List<Engagement> recent(int limit) {
        return session.createSelectionQuery("from EngagementEntity order by id desc", EngagementEntity.class)
                .setMaxResults(limit).getResultList().stream().map(EngagementEntity::toDomain).toList();
    }

    @Override
    public void update(Engagement engagement) {
        var e = session.find(EngagementEntity.class, engagement.id());
        if (e == null) throw new NoSuchElementException("engagement " + engagement.id());
        e.set(engagement);
    }
}
