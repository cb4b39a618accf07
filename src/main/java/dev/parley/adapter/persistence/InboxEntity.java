package dev.parley.adapter.persistence;

import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.InboxEntry;
import dev.parley.domain.message.InboxStatus;
import jakarta.persistence.*;
import java.time.Instant;
import org.hibernate.annotations.DynamicUpdate;

/**
 * A received message waiting for, or done with, processing. Updated column by column ({@link DynamicUpdate}): marking
 * a row PROCESSED writes its status and time, not its text and payload again (issue 8 §5, one update per message).
 */
@Entity
@Table(name = "inbox")
@DynamicUpdate
class InboxEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(nullable = false) String channel;
    @Column(name = "provider_id", nullable = false) String providerId;
    @Column(name = "conversation_key", nullable = false) String conversationKey;
    @Column(nullable = false) String sender;
    String recipient;
    @Column(nullable = false, length = 65536) String text;
    @Column(name = "reply_to") String replyTo;
    @Column(name = "sent_at", nullable = false) Instant sentAt;
    String playbook;
    @Column(name = "sender_name") String senderName;
    @Column(length = 65536) String payload;
    @Enumerated(EnumType.STRING) @Column(nullable = false) InboxStatus status;
    @Column(nullable = false) int attempts;
    @Column(length = 2000) String error;
    @Column(name = "received_at", nullable = false) Instant receivedAt;
    @Column(name = "processed_at") Instant processedAt;
    @Column(name = "next_attempt_at", nullable = false) Instant nextAttemptAt;
    @Column(name = "chat_details", length = 262_144) String chatDetails;

    InboxEntry toDomain() {
        var message = new InboundMessage(channel, providerId, conversationKey, sender, recipient, text, replyTo,
                sentAt, playbook, senderName, ChatDetailsColumn.read(chatDetails));
        return new InboxEntry(id, message, status, attempts, error, receivedAt, nextAttemptAt);
    }
}
