package dev.parley.adapter.persistence;

import dev.parley.application.store.AuditLog;
import dev.parley.domain.conversation.AuditEntry;
import java.time.Instant;
import java.util.List;
import org.hibernate.Session;

final class HibernateAuditLog implements AuditLog {
    private final Session session;

    HibernateAuditLog(Session session) {
        this.session = session;
    }

    @Override
    public void record(String actor, String action, String targetType, Long targetId, String detailJson, Instant at) {
        var entry = new AuditEntity();
        entry.actor = actor;
        entry.action = action;
        entry.targetType = targetType;
        entry.targetId = targetId;
        entry.detail = detailJson;
        entry.at = at;
        session.persist(entry);
    }

    @Override
    public List<AuditEntry> forTarget(String targetType, long targetId) {
        return session.createSelectionQuery(
                        "from AuditEntity where targetType = :type and targetId = :id order by id", AuditEntity.class)
                .setParameter("type", targetType).setParameter("id", targetId).getResultList().stream()
                .map(AuditEntity::toDomain).toList();
    }
}
