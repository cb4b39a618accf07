package dev.parley.adapter.persistence;

import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "outbox")
class OutboxEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(name = "conversation_id", nullable = false) long conversationId;
    @Column(name = "contact_id", nullable = false) long contactId;
    @Column(nullable = false) String cause;
    @Column(nullable = false) String purpose;
    @Column(nullable = false, length = 65536) String text;
    @Enumerated(EnumType.STRING) @Column(nullable = false) OutboxStatus status;
    @Column(length = 1000) String reason;
    @Column(nullable = false) int attempts;
    @Column(name = "next_attempt_at", nullable = false) Instant nextAttemptAt;
    @Column(name = "operator_explicit", nullable = false) boolean operatorExplicit;
    @Column(nullable = false) String actor;
    @Column(name = "provider_id") String providerId;
    @Column(name = "created_at", nullable = false) Instant createdAt;
    @Column(name = "sent_at") Instant sentAt;
    @Column(name = "reply_to") String replyTo;
    @Column(name = "claimed_at") Instant claimedAt;
    /** The process (parley_processes.id) that claimed the current attempt, on a store processes share; else null. */
    @Column(name = "claimed_by") Long claimedBy;

    OutboxEntry toDomain() {
        return new OutboxEntry(id, conversationId, contactId, cause, purpose, text, status, reason, attempts,
                nextAttemptAt, operatorExplicit, actor, createdAt, sentAt, replyTo, claimedAt);
    }
}
