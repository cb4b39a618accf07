package dev.parley.domain.safety;

import java.time.Instant;

/**
 * One decision of the safety validator as it is kept (seed 002's audit): trace id, direction, decision, risk level and
 * categories, scores, reason, policy version and the content's SHA-256 — never the content.
 */
public record SafetyDecisionRow(long id, String traceId, long conversationId, long contactId, Long messageId,
                                Long outboxId, String direction, String decision, String riskLevel,
                                String riskCategories, String scores, String enforcementReason, String policyVersion,
                                String contentSha256, boolean failSafe, Instant delayUntil, Instant decidedAt) {
}
