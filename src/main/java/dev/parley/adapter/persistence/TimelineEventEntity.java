package dev.parley.adapter.persistence;

import dev.parley.domain.conversation.TimelineEvent;
import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "conversation_events")
class TimelineEventEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(name = "conversation_id", nullable = false) long conversationId;
    @Column(nullable = false) String type;
    @Column(name = "from_state") String fromState;
    @Column(name = "to_state") String toState;
    @Column(name = "trigger_name") String trigger;
    @Column(length = 8000) String detail;
    @Column(nullable = false) String actor;
    @Column(nullable = false) Instant at;

    TimelineEvent toDomain() {
        return new TimelineEvent(id, conversationId, type, fromState, toState, trigger, detail, actor, at);
    }
}
