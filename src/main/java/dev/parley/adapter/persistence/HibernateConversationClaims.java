package dev.parley.adapter.persistence;

import dev.parley.application.store.ConversationClaims;
import dev.parley.domain.conversation.ConversationClaim;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateConversationClaims implements ConversationClaims {
    private final Session session;

    HibernateConversationClaims(Session session) {
        this.session = session;
    }

    @Override
    public Optional<ConversationClaim> of(long conversationId) {
        return Optional.ofNullable(session.find(ConversationClaimEntity.class, conversationId))
                .map(ConversationClaimEntity::toDomain);
    }

    @Override
    public void claim(long conversationId, String operator, Instant now) {
        var row = session.find(ConversationClaimEntity.class, conversationId, LockModeType.PESSIMISTIC_WRITE);
        if (row == null) {
            row = new ConversationClaimEntity();
            row.conversationId = conversationId;
            row.operator = operator;
            row.claimedAt = now;
            session.persist(row);
            session.flush(); // a concurrent first claim fails here, as a conflict, not at commit
            return;
        }
        row.operator = operator;
        row.claimedAt = now;
    }

    @Override
    public boolean release(long conversationId) {
        var row = session.find(ConversationClaimEntity.class, conversationId, LockModeType.PESSIMISTIC_WRITE);
        if (row == null) return false;
        session.remove(row);
        return true;
    }
}
