package dev.parley.adapter.persistence;

import dev.parley.domain.message.MessageSafety;
import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "message_safety")
class MessageSafetyEntity {
    @Id @Column(name = "message_id") Long messageId;
    @Column(name = "decision_id", nullable = false) long decisionId;
    @Column(name = "inbox_id") Long inboxId;
    @Column(nullable = false, length = 16) String decision;
    @Column(name = "safe_output", nullable = false, length = 65536) String safeOutput;
    @Column(name = "original_text", length = 65536) String originalText;
    @Column(name = "released_at") Instant releasedAt;
    @Column(name = "released_by") String releasedBy;

    MessageSafety toDomain() {
        return new MessageSafety(messageId, decisionId, inboxId, decision, safeOutput, originalText, releasedAt,
                releasedBy);
    }
}
