package dev.parley.adapter.persistence;

import dev.parley.domain.safety.SafetyDecisionRow;
import dev.parley.domain.message.MessageSafety;
import dev.parley.application.store.SafetyDecisions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateSafetyDecisions implements SafetyDecisions {
    private final Session session;

    HibernateSafetyDecisions(Session session) {
        this.session = session;
    }

    @Override
    public long record(SafetyDecisionRow row) {
        var entity = SafetyDecisionEntity.of(row);
        session.persist(entity);
        return entity.id;
    }

    @Override
    public Optional<SafetyDecisionRow> find(long id) {
        return Optional.ofNullable(session.find(SafetyDecisionEntity.class, id)).map(SafetyDecisionEntity::toDomain);
    }

    @Override
    public List<SafetyDecisionRow> ofConversation(long conversationId) {
        return session.createSelectionQuery("from SafetyDecisionEntity where conversationId = :id order by id",
                        SafetyDecisionEntity.class)
                .setParameter("id", conversationId).getResultList().stream().map(SafetyDecisionEntity::toDomain)
                .toList();
    }

    @Override
    public Optional<SafetyDecisionRow> ofMessage(long messageId) {
        return latest("messageId", messageId);
    }

    @Override
    public Optional<SafetyDecisionRow> ofOutbox(long outboxId) {
        return latest("outboxId", outboxId);
    }

    private Optional<SafetyDecisionRow> latest(String field, long id) {
        return session.createSelectionQuery("from SafetyDecisionEntity where " + field + " = :id order by id desc",
                        SafetyDecisionEntity.class)
                .setParameter("id", id).setMaxResults(1).getResultList().stream().findFirst()
                .map(SafetyDecisionEntity::toDomain);
    }

    @Override
    public int countOfContact(long contactId, String direction, Instant from, Instant to) {
        return session.createSelectionQuery("select count(*) from SafetyDecisionEntity where contactId = :contact "
                                + "and direction = :direction and decidedAt >= :from and decidedAt < :to", Long.class)
                .setParameter("contact", contactId).setParameter("direction", direction)
                .setParameter("from", from).setParameter("to", to).getSingleResult().intValue();
    }

    @Override
    public int countInboundOfPlaybook(String playbook, Instant from, Instant to) {
        return session.createSelectionQuery("select count(*) from SafetyDecisionEntity d, ConversationEntity c "
                                + "where c.id = d.conversationId and c.playbook = :playbook and d.direction = 'inbound' "
                                + "and d.decidedAt >= :from and d.decidedAt < :to", Long.class)
                .setParameter("playbook", playbook).setParameter("from", from).setParameter("to", to)
                .getSingleResult().intValue();
    }

    @Override
    public boolean anyOfContactBefore(long contactId, Instant before) {
        return !session.createSelectionQuery("select d.id from SafetyDecisionEntity d where d.contactId = :contact "
                        + "and d.decidedAt < :before", Long.class)
                .setParameter("contact", contactId).setParameter("before", before).setMaxResults(1).getResultList()
                .isEmpty();
    }

    @Override
    public List<String> recentRiskLevels(long conversationId, String direction, int limit) {
        // In the order of ix_safety_decisions_conversation (conversation_id desc, id desc, V130): H2 then reads the
        // newest `limit` rows off it and stops; with `order by d.id desc` alone it read every decision of the
        // conversation and sorted them, on every message (NewestFirstIndexesMigration).
        var levels = new ArrayList<>(session.createSelectionQuery("select d.riskLevel from SafetyDecisionEntity d "
                        + "where d.conversationId = :id and d.direction = :direction "
                        + "order by d.conversationId desc, d.id desc", String.class)
                .setParameter("id", conversationId).setParameter("direction", direction).setMaxResults(limit)
                .getResultList());
        Collections.reverse(levels);
        return levels;
    }

    @Override
    public void keep(MessageSafety safety) {
        var row = session.find(MessageSafetyEntity.class, safety.messageId());
        boolean fresh = row == null;
        if (fresh) {
            row = new MessageSafetyEntity();
            row.messageId = safety.messageId();
        }
        row.decisionId = safety.decisionId();
        row.inboxId = safety.inboxId();
        row.decision = safety.decision();
        row.safeOutput = safety.safeOutputJson();
        row.originalText = safety.originalText();
        row.releasedAt = safety.releasedAt();
        row.releasedBy = safety.releasedBy();
        if (fresh) session.persist(row);
    }

    @Override
    public Optional<MessageSafety> ofMessageSafety(long messageId) {
        return Optional.ofNullable(session.find(MessageSafetyEntity.class, messageId))
                .map(MessageSafetyEntity::toDomain);
    }

    @Override
    public List<MessageSafety> messageSafetyOfConversation(long conversationId) {
        return session.createSelectionQuery("select s from MessageSafetyEntity s, MessageEntity m where m.id = "
                        + "s.messageId and m.conversationId = :id order by s.messageId", MessageSafetyEntity.class)
                .setParameter("id", conversationId).getResultList().stream().map(MessageSafetyEntity::toDomain)
                .toList();
    }

    @Override
    public boolean releasedBetween(long conversationId, Instant from, Instant to) {
        return !session.createSelectionQuery("select s.messageId from MessageSafetyEntity s, MessageEntity m "
                        + "where m.id = s.messageId and m.conversationId = :id and s.releasedAt >= :from "
                        + "and s.releasedAt < :to", Long.class)
                .setParameter("id", conversationId).setParameter("from", from).setParameter("to", to)
                .setMaxResults(1).getResultList().isEmpty();
    }

    @Override
    public void released(long messageId, String actor, Instant at) {
        var row = session.find(MessageSafetyEntity.class, messageId);
        if (row == null) throw new IllegalArgumentException("no safety record of message " + messageId);
        row.releasedAt = at;
        row.releasedBy = actor;
    }
}
