package dev.parley.adapter.persistence;

import dev.parley.domain.conversation.ConversationClaim;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "conversation_claims")
class ConversationClaimEntity {
    @Id @Column(name = "conversation_id") Long conversationId;
    @Column(nullable = false) String operator;
    @Column(name = "claimed_at", nullable = false) Instant claimedAt;

    ConversationClaim toDomain() {
        return new ConversationClaim(conversationId, operator, claimedAt);
    }
}
