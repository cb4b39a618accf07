package dev.parley.adapter.persistence;

import dev.parley.domain.catalog.LearnedAnswer;
import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "learned_answers")
class LearnedAnswerEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(name = "property_id") Long propertyId;
    @Column(name = "field_key", length = 64) String fieldKey;
    @Column(nullable = false, length = 500) String question;
    @Column(nullable = false, length = 2000) String answer;
    @Column(name = "all_properties", nullable = false) boolean allProperties;
    @Column(name = "escalation_id") Long escalationId;
    @Column(name = "answered_by") String answeredBy;
    @Column(name = "answered_at", nullable = false) Instant answeredAt;

    LearnedAnswer toDomain() {
        return new LearnedAnswer(id, propertyId, fieldKey, question, answer, allProperties, escalationId, answeredBy,
                answeredAt);
    }
}
