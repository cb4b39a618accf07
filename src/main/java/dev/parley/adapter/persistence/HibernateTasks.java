package dev.parley.adapter.persistence;

import dev.parley.application.store.Tasks;
import dev.parley.domain.conversation.ConversationTask;
import java.time.Instant;
import java.util.List;
import org.hibernate.Session;

final class HibernateTasks implements Tasks {
    private final Session session;

    HibernateTasks(Session session) {
        this.session = session;
    }

    @Override
    public long add(long conversationId, Long messageId, String text, String kind, Instant now) {
        var task = new TaskEntity();
        task.conversationId = conversationId;
        task.messageId = messageId;
        task.text = text;
        task.kind = kind;
        task.status = "OPEN";
        task.createdAt = now;
        session.persist(task);
        return task.id;
    }

    @Override
    public List<ConversationTask> ofConversation(long conversationId) {
        return session.createSelectionQuery("from TaskEntity where conversationId = :id order by id", TaskEntity.class)
                .setParameter("id", conversationId).getResultList().stream().map(TaskEntity::toDomain).toList();
    }

    @Override
    public void setStatus(long id, String status) {
        session.find(TaskEntity.class, id).status = status;
    }
}
