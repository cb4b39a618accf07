package dev.parley.adapter.persistence;

import dev.parley.domain.conversation.Conversation;
import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "conversations")
class ConversationEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(nullable = false) String channel;
    @Column(name = "conv_key", nullable = false) String key;
    @Column(nullable = false) String playbook;
    @Column(nullable = false) String state;
    @Column(name = "contact_id", nullable = false) long contactId;
    @Column(name = "automation_paused", nullable = false) boolean automationPaused;
    @Column(name = "critical_alert_tags") String criticalAlertTags;
    @Column(name = "created_at", nullable = false) Instant createdAt;
    @Column(name = "updated_at", nullable = false) Instant updatedAt;
    @Version long version;

    Conversation toDomain() {
        return new Conversation(id, channel, key, playbook, state, contactId, automationPaused, criticalAlertTags,
                createdAt, updatedAt, version);
    }
}
