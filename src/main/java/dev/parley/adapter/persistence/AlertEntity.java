package dev.parley.adapter.persistence;

import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "alerts")
class AlertEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(name = "conversation_id", nullable = false) long conversationId;
    @Column(name = "contact_id", nullable = false) long contactId;
    @Column(name = "message_id") Long messageId;
    @Column(nullable = false) String severity;
    @Column(nullable = false, length = 1000) String categories;
    @Column(name = "pattern_ids", nullable = false, length = 1000) String patternIds;
    @Column(nullable = false) String source;
    @Column(nullable = false) String status;
    @Column(name = "created_at", nullable = false) Instant createdAt;
    @Column(name = "handled_by") String handledBy;
    @Column(name = "handled_at") Instant handledAt;
    @Column(length = 8000) String reasons;
    @Column(name = "acknowledged_by") String acknowledgedBy;
    @Column(name = "acknowledged_at") Instant acknowledgedAt;
    @Column(name = "resolved_by") String resolvedBy;
    @Column(name = "resolved_at") Instant resolvedAt;
    @Column(name = "resolution_note", length = 1000) String resolutionNote;
}
