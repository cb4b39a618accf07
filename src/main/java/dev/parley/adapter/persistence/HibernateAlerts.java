package dev.parley.adapter.persistence;

import dev.parley.application.store.Alerts;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.conversation.ConversationAlert;
import java.time.Instant;
import java.util.List;
import org.hibernate.Session;

final class HibernateAlerts implements Alerts {
    private final Session session;
    private final ReadModelChanges changes;

    HibernateAlerts(Session session, ReadModelChanges changes) {
        this.session = session;
        this.changes = changes;
    }

    @Override
    public long raise(long conversationId, long contactId, Long messageId, AlertSeverity severity,
                      List<String> categories, List<String> patternIds, String source, String reasons, Instant now) {
        var alert = new AlertEntity();
        alert.conversationId = conversationId;
        alert.contactId = contactId;
        alert.messageId = messageId;
        alert.severity = severity.wire();
        alert.categories = JsonColumns.write(categories);
        alert.patternIds = JsonColumns.write(patternIds);
        alert.source = source;
        alert.reasons = reasons;
        alert.status = ConversationAlert.OPEN;
        alert.createdAt = now;
        session.persist(alert);
        changes.queuesOf(conversationId, now);
        return alert.id;
    }

    @Override
    public List<ConversationAlert> ofConversation(long conversationId) {
        return session.createSelectionQuery("from AlertEntity where conversationId = :id order by id",
                        AlertEntity.class)
                .setParameter("id", conversationId).getResultList().stream().map(HibernateAlerts::toDomain).toList();
    }

    @Override
    public List<ConversationAlert> open(int limit) {
        return session.createSelectionQuery("from AlertEntity where status <> :resolved order by id desc",
                        AlertEntity.class)
                .setParameter("resolved", ConversationAlert.RESOLVED).setMaxResults(limit).getResultList().stream()
                .map(HibernateAlerts::toDomain).toList();
    }

    @Override
    public void setStatus(long id, String status, String by, Instant at) {
        var alert = session.find(AlertEntity.class, id);
        alert.status = status;
        alert.handledBy = by;
        alert.handledAt = at;
        if (ConversationAlert.ACKNOWLEDGED.equals(status) || ConversationAlert.RESOLVED.equals(status)) {
            if (alert.acknowledgedAt == null) {
                alert.acknowledgedBy = by;
                alert.acknowledgedAt = at;
            }
        }
        if (ConversationAlert.RESOLVED.equals(status)) {
            alert.resolvedBy = by;
            alert.resolvedAt = at;
        }
        changes.queuesOf(alert.conversationId, at);
    }

    @Override
    public void resolve(long id, String by, Instant at, String note) {
        setStatus(id, ConversationAlert.RESOLVED, by, at);
        session.find(AlertEntity.class, id).resolutionNote = note;
    }

    private static ConversationAlert toDomain(AlertEntity a) {
        return new ConversationAlert(a.id, a.conversationId, a.contactId, a.messageId,
                AlertSeverity.fromWire(a.severity),
                JsonColumns.read(a.categories), JsonColumns.read(a.patternIds), a.source, a.status, a.createdAt,
                a.handledBy, a.handledAt, a.reasons, new ConversationAlert.Handling(a.acknowledgedBy, a.acknowledgedAt,
                a.resolvedBy, a.resolvedAt, a.resolutionNote));
    }
}
