package dev.parley.adapter.persistence;

import dev.parley.application.store.Messages;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.Message;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateMessages implements Messages {
    private final Session session;
    private final ReadModelChanges changes;

    HibernateMessages(Session session, ReadModelChanges changes) {
        this.session = session;
        this.changes = changes;
    }

    @Override
    public long add(long conversationId, Direction direction, String providerId, String text, String replyTo,
                    Instant sentAt, Instant receivedAt, String status, String actor) {
        var message = new MessageEntity();
        message.conversationId = conversationId;
        message.direction = direction;
        message.providerId = providerId;
        message.text = text;
        message.replyTo = replyTo;
        message.sentAt = sentAt;
        message.receivedAt = receivedAt;
        message.status = status;
        message.actor = actor;
        session.persist(message);
        if (direction == Direction.IN || (actor != null && !TimelineEvent.SYSTEM_ACTOR.equals(actor))) {
            changes.searchable(conversationId, text);
        }
        return message.id;
    }

    @Override
    public void setData(long id, String dataJson) {
        session.find(MessageEntity.class, id).data = dataJson;
    }

    @Override
    public Optional<Message> latest(long conversationId) {
        return session.createSelectionQuery("from MessageEntity where conversationId = :id order by id desc",
                        MessageEntity.class)
                .setParameter("id", conversationId).setMaxResults(1).getResultList().stream().findFirst()
                .map(MessageEntity::toDomain);
    }

    @Override
    public void setStatus(long id, String status) {
        session.find(MessageEntity.class, id).status = status;
    }

    @Override
    public Optional<Message> find(long id) {
        return Optional.ofNullable(session.find(MessageEntity.class, id)).map(MessageEntity::toDomain);
    }

    @Override
    public List<Message> ofConversation(long conversationId) {
        return session.createSelectionQuery(
                        "from MessageEntity where conversationId = :id order by id", MessageEntity.class)
                .setParameter("id", conversationId).getResultList().stream().map(MessageEntity::toDomain).toList();
    }
}
