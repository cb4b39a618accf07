package dev.parley.domain.safety;

/**
 * Why a decision was taken: the {@code enforcement_reason} of the standard JSON. The seed names
 * {@code quiet_hours}, {@code repeated_contact} and {@code emotional_escalation}; Parley adds the others
 * (ADR 0010). The hierarchy level that produced it is {@link #level()} (1 = critical override … 5 = default allow;
 * 0 = outside the hierarchy: fail-safe and unknown content).
 */
public enum EnforcementReason {
    /** Level 1: self-harm, threats, or a category at its Escalate cell. */
    CRISIS("crisis", 1),
    /** Level 2: the recipient's quiet hours (22:00–07:00 in every zone of the recipient). */
    QUIET_HOURS("quiet_hours", 2),
    /** Level 3: more than {@code max_messages_per_hour} from one source to one recipient. */
    REPEATED_CONTACT("repeated_contact", 3),
    /** Level 3: more than {@code max_notifications_per_day} to one recipient. */
    NOTIFICATION_LIMIT("notification_limit", 3),
    /** Level 4: risk rising over the conversation's last {@code escalation_threshold} messages. */
    EMOTIONAL_ESCALATION("emotional_escalation", 4),
    /** Level 4: a risk category's cell in the threshold matrix. */
    CONTENT_RISK("content_risk", 4),
    /** Level 5: nothing applied. */
    NONE("none", 5),
    /** The message had no readable content (seed: unknown content → SUMMARIZE / SOFT_REWRITE). */
    UNKNOWN_CONTENT("unknown_content", 0),
    /** The validator failed inside (seed: system errors → DELAY, log for review). */
    FAIL_SAFE("fail_safe", 0);

    private final String wire;
    private final int level;

    EnforcementReason(String wire, int level) {
        this.wire = wire;
        this.level = level;
    }

    public String wire() {
        return wire;
    }

    public int level() {
        return level;
    }
}
