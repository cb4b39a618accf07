package dev.parley.adapter.persistence;

import dev.parley.domain.conversation.ScheduledJob;
import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "scheduled_jobs")
class ScheduledJobEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(nullable = false) String kind;
    @Column(name = "conversation_id") Long conversationId;
    @Column(name = "trigger_name", nullable = false) String trigger;
    String state;
    @Column(name = "due_at", nullable = false) Instant dueAt;
    @Column(nullable = false) String status;
    @Column(nullable = false) int attempts;
    @Column(length = 2000) String error;
    @Column(name = "created_at", nullable = false) Instant createdAt;
    @Column(name = "done_at") Instant doneAt;

    ScheduledJob toDomain() {
        return new ScheduledJob(id, kind, conversationId, trigger, state, dueAt, status, attempts);
    }
}
