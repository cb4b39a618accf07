package dev.parley.adapter.persistence;

import dev.parley.domain.conversation.ConversationTask;
import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "tasks")
class TaskEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(name = "conversation_id", nullable = false) long conversationId;
    @Column(name = "message_id") Long messageId;
    @Column(nullable = false, length = 2000) String text;
    @Column(nullable = false) String kind;
    @Column(nullable = false) String status;
    @Column(name = "created_at", nullable = false) Instant createdAt;

    ConversationTask toDomain() {
        return new ConversationTask(id, conversationId, messageId, text, kind, status, createdAt);
    }
}
