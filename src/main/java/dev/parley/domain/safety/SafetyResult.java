package dev.parley.domain.safety;

import dev.parley.domain.message.Direction;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The validator's answer. The first eight components are the seed's standard JSON ({@code trace_id},
 * {@code direction}, {@code decision}, {@code risk_categories}, {@code enforcement_reason}, {@code safe_output},
 * {@code original_blocked}, {@code timestamp}); the rest is what Parley keeps for itself.
 *
 * @param traceId          deterministic: SHA-256 over the policy version and the request (see ADR 0010), 32 hex
 * @param riskCategories   the categories whose threshold-matrix cell does more than pass the message (not Allow
 *                         or Monitor), in the seed's order
 * @param timestamp        the instant the rules were evaluated at (the request's timestamp, else the clock)
 * @param scores           every category's count, score and level (all seven, in the seed's order)
 * @param policyVersion    SHA-256 (first 16 hex) of the {@code safety.json} bytes the validator was built from
 * @param contentSha256    SHA-256 (hex) of the content's UTF-8 bytes; of the empty text when content is null
 * @param delayUntil       for DELAY, the instant until which no automation may act on the message; for DEFER, when the
 *                         outbound message may be sent
 * @param failSafe         true when the validator failed inside and this is the fail-safe answer (inbound DELAY;
 *                         outbound HARD_DENY that the caller holds for review instead of denying)
 */
public record SafetyResult(String traceId, Direction direction, SafetyDecision decision,
                           List<RiskCategory> riskCategories, EnforcementReason enforcementReason,
                           SafeOutput safeOutput, boolean originalBlocked, Instant timestamp,
                           Map<RiskCategory, CategoryScore> scores, String policyVersion, String contentSha256,
                           Optional<Instant> delayUntil, boolean failSafe) {
    public SafetyResult {
        Objects.requireNonNull(traceId, "traceId");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(enforcementReason, "enforcementReason");
        Objects.requireNonNull(safeOutput, "safeOutput");
        Objects.requireNonNull(timestamp, "timestamp");
        Objects.requireNonNull(policyVersion, "policyVersion");
        Objects.requireNonNull(contentSha256, "contentSha256");
        if (decision.direction() != direction) {
            throw new IllegalArgumentException(decision + " is not a decision for " + direction);
        }
        riskCategories = List.copyOf(riskCategories);
        scores = Map.copyOf(scores);
        delayUntil = delayUntil == null ? Optional.empty() : delayUntil;
        if ((decision == SafetyDecision.DELAY || decision == SafetyDecision.DEFER) && delayUntil.isEmpty()) {
            throw new IllegalArgumentException(decision + " needs delayUntil");
        }
    }

    /** The highest level of any category (NONE when nothing was raised). */
    public RiskLevel riskLevel() {
        RiskLevel max = RiskLevel.NONE;
        for (CategoryScore s : scores.values()) {
            max = RiskLevel.max(max, s.level());
        }
        return max;
    }

    /** The score of {@code category} (a NONE score when absent). */
    public CategoryScore score(RiskCategory category) {
        CategoryScore s = scores.get(category);
        return s == null ? CategoryScore.none(category) : s;
    }

    /**
     * This result with {@code text} as its rewrite (SOFT_REWRITE) or the body of its summary (SUMMARIZE): a model's
     * text that the caller has validated again (ADR 0020). Everything else, the trace id included, stays.
     */
    public SafetyResult withSafeText(String text) {
        Objects.requireNonNull(text, "text");
        var out = new SafeOutput(OutputGenerator.modelSafeText(this, text), safeOutput.urgencyLevel(),
                safeOutput.sourceHidden(), safeOutput.suggestedAction(), safeOutput.emotionalTone());
        return new SafetyResult(traceId, direction, decision, riskCategories, enforcementReason, out, originalBlocked,
                timestamp, scores, policyVersion, contentSha256, delayUntil, failSafe);
    }
}
