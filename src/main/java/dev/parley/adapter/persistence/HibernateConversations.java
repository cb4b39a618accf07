package dev.parley.adapter.persistence;

import dev.parley.application.store.ConversationQuery;
import dev.parley.application.store.Conversations;
import dev.parley.domain.conversation.Conversation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateConversations implements Conversations {
    private final Session session;
    private final ReadModelChanges changes;

    HibernateConversations(Session session, ReadModelChanges changes) {
        this.session = session;
        this.changes = changes;
    }

    @Override
    public Optional<Conversation> find(long id) {
        return Optional.ofNullable(session.find(ConversationEntity.class, id)).map(ConversationEntity::toDomain);
    }

    @Override
    public Conversation lock(long id) {
        var conversation = session.find(ConversationEntity.class, id);
        if (conversation == null) throw new java.util.NoSuchElementException("conversation " + id);
        // Read again with the lock (select … for update): the copy this session read before may be older than the
        // row, and a lock on an old version would fail at commit all the same.
        session.refresh(conversation, jakarta.persistence.LockModeType.PESSIMISTIC_WRITE);
        return conversation.toDomain();
    }

    @Override
    public Optional<Conversation> findByKey(String channel, String key) {
        return session.createSelectionQuery(
                        "from ConversationEntity where channel = :channel and key = :key", ConversationEntity.class)
                .setParameter("channel", channel).setParameter("key", key)
                .uniqueResultOptional().map(ConversationEntity::toDomain);
    }

    @Override
    public Conversation create(String channel, String key, String playbook, String state, long contactId,
                               Instant now) {
        var conversation = new ConversationEntity();
        conversation.channel = channel;
        conversation.key = key;
        conversation.playbook = playbook;
        conversation.state = state;
        conversation.contactId = contactId;
        conversation.createdAt = now;
        conversation.updatedAt = now;
        session.persist(conversation);
        changes.started(conversation.id);
        if (dev.parley.application.console.AlertClasses.HUMAN_REVIEW_STATE.equals(state)) {
            changes.queuesOf(conversation.id, now);
        }
        return conversation.toDomain();
    }

    @Override
    public void setState(long id, String state, Instant now) {
        var conversation = session.find(ConversationEntity.class, id);
        conversation.state = state;
        conversation.updatedAt = now;
        changes.queuesOf(id, now);
    }

    @Override
    public void setAutomation(long id, boolean paused, String criticalAlertTags, Instant now) {
        var conversation = session.find(ConversationEntity.class, id);
        conversation.automationPaused = paused;
        conversation.criticalAlertTags = criticalAlertTags;
        conversation.updatedAt = now;
    }

    @Override
    public void touch(long id, Instant now) {
        var conversation = session.find(ConversationEntity.class, id);
        conversation.updatedAt = now;
        // a new version even when the instant is the same (a frozen clock): a unit of work prepared on the old one
        // must see that the conversation changed (docs/decisions/0021-pipeline-stages.md)
        session.lock(conversation, jakarta.persistence.LockModeType.OPTIMISTIC_FORCE_INCREMENT);
    }

    @Override
    public List<Conversation> search(ConversationQuery q) {
        var where = new ArrayList<String>();
        if (q.channel() != null) where.add("channel = :channel");
        if (q.key() != null) where.add("key = :key");
        if (q.state() != null) where.add("state = :state");
        if (q.playbook() != null) where.add("playbook = :playbook");
        if (q.afterUpdatedAt() != null) {
            where.add("(updatedAt < :afterAt or (updatedAt = :afterAt and id < :afterId))");
        }
        var hql = "from ConversationEntity" + (where.isEmpty() ? "" : " where " + String.join(" and ", where))
                + " order by updatedAt desc, id desc";
        var query = session.createSelectionQuery(hql, ConversationEntity.class);
        if (q.channel() != null) query.setParameter("channel", q.channel());
        if (q.key() != null) query.setParameter("key", q.key());
        if (q.state() != null) query.setParameter("state", q.state());
        if (q.playbook() != null) query.setParameter("playbook", q.playbook());
        if (q.afterUpdatedAt() != null) {
            query.setParameter("afterAt", q.afterUpdatedAt()).setParameter("afterId", q.afterId());
        }
        return query.setMaxResults(q.limit()).getResultList().stream().map(ConversationEntity::toDomain).toList();
    }

    @Override
    public long count() {
        return session.createSelectionQuery("select count(*) from ConversationEntity", Long.class).getSingleResult();
    }
}
