package dev.parley.adapter.persistence;

import dev.parley.domain.message.Direction;
import dev.parley.domain.message.Message;
import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "messages")
class MessageEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(name = "conversation_id", nullable = false) long conversationId;
    @Enumerated(EnumType.STRING) @Column(nullable = false) Direction direction;
    @Column(name = "provider_id") String providerId;
    @Column(nullable = false, length = 65536) String text;
    @Column(name = "reply_to") String replyTo;
    @Column(name = "sent_at") Instant sentAt;
    @Column(name = "received_at") Instant receivedAt;
    @Column(nullable = false) String status;
    @Column(length = 65536) String data;
    String actor;

    Message toDomain() {
        return new Message(id, conversationId, direction, providerId, text, replyTo, sentAt, receivedAt, status, data);
    }
}
