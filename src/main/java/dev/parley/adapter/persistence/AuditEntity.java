package dev.parley.adapter.persistence;

import dev.parley.domain.conversation.AuditEntry;
import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "audit_log")
class AuditEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(nullable = false) String actor;
    @Column(nullable = false) String action;
    @Column(name = "target_type", nullable = false) String targetType;
    @Column(name = "target_id") Long targetId;
    @Column(length = 8000) String detail;
    @Column(nullable = false) Instant at;

    AuditEntry toDomain() {
        return new AuditEntry(id, actor, action, targetType, targetId, detail, at);
    }
}
