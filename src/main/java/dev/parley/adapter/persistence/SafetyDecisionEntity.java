package dev.parley.adapter.persistence;

import dev.parley.domain.safety.SafetyDecisionRow;
import dev.parley.application.store.SafetyDecisions;
import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "safety_decisions")
class SafetyDecisionEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(name = "trace_id", nullable = false, length = 64) String traceId;
    @Column(name = "conversation_id", nullable = false) long conversationId;
    @Column(name = "contact_id", nullable = false) long contactId;
    @Column(name = "message_id") Long messageId;
    @Column(name = "outbox_id") Long outboxId;
    @Column(nullable = false, length = 8) String direction;
    @Column(nullable = false, length = 16) String decision;
    @Column(name = "risk_level", nullable = false, length = 8) String riskLevel;
    @Column(name = "risk_categories", nullable = false, length = 512) String riskCategories;
    @Column(nullable = false, length = 2000) String scores;
    @Column(name = "enforcement_reason", nullable = false, length = 32) String enforcementReason;
    @Column(name = "policy_version", nullable = false, length = 64) String policyVersion;
    @Column(name = "content_sha256", nullable = false, length = 64) String contentSha256;
    @Column(name = "fail_safe", nullable = false) boolean failSafe;
    @Column(name = "delay_until") Instant delayUntil;
    @Column(name = "decided_at", nullable = false) Instant decidedAt;

    static SafetyDecisionEntity of(SafetyDecisionRow r) {
        var e = new SafetyDecisionEntity();
        e.traceId = r.traceId();
        e.conversationId = r.conversationId();
        e.contactId = r.contactId();
        e.messageId = r.messageId();
        e.outboxId = r.outboxId();
        e.direction = r.direction();
        e.decision = r.decision();
        e.riskLevel = r.riskLevel();
        e.riskCategories = r.riskCategories();
        e.scores = r.scores();
        e.enforcementReason = r.enforcementReason();
        e.policyVersion = r.policyVersion();
        e.contentSha256 = r.contentSha256();
        e.failSafe = r.failSafe();
        e.delayUntil = r.delayUntil();
        e.decidedAt = r.decidedAt();
        return e;
    }

    SafetyDecisionRow toDomain() {
        return new SafetyDecisionRow(id, traceId, conversationId, contactId, messageId, outboxId, direction, decision,
                riskLevel, riskCategories, scores, enforcementReason, policyVersion, contentSha256, failSafe,
                delayUntil, decidedAt);
    }
}
