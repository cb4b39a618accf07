package dev.parley.adapter.persistence;

import dev.parley.application.store.Timeline;
import dev.parley.domain.conversation.TimelineEvent;
import java.time.Instant;
import java.util.List;
import org.hibernate.Session;

final class HibernateTimeline implements Timeline {
    private final Session session;

    HibernateTimeline(Session session) {
        this.session = session;
    }

    @Override
    public void append(long conversationId, String type, String fromState, String toState, String trigger,
                       String detailJson, String actor, Instant at) {
        var event = new TimelineEventEntity();
        event.conversationId = conversationId;
        event.type = type;
        event.fromState = fromState;
        event.toState = toState;
        event.trigger = trigger;
        event.detail = detailJson;
        event.actor = actor;
        event.at = at;
        session.persist(event);
    }

    @Override
    public List<TimelineEvent> ofConversation(long conversationId) {
        return session.createSelectionQuery(
                        "from TimelineEventEntity where conversationId = :id order by id", TimelineEventEntity.class)
                .setParameter("id", conversationId).getResultList().stream()
                .map(TimelineEventEntity::toDomain).toList();
    }
}
