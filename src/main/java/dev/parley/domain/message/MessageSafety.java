package dev.parley.domain.message;

import java.time.Instant;

/**
 * The operator's side of the safety validator's decision on an inbound message: the decision (its enum name), the
 * safe output shown first (the standard JSON's {@code safe_output}, as JSON), the original of a summarised message,
 * the inbox row it came from (what a release runs through the playbook again), and who released it, when.
 */
public record MessageSafety(long messageId, long decisionId, Long inboxId, String decision, String safeOutputJson,
                            String originalText, Instant releasedAt, String releasedBy) {
}
