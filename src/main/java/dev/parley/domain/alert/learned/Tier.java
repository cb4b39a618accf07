package dev.parley.domain.alert.learned;

/** What a head's score means for a message, from its two thresholds. */
public enum Tier {
    /** Below the review threshold: nothing to do. */
    NONE,
    /**
     * At or above the review threshold (about 5% false alarms on ordinary dev messages): seed 000's "ambiguous
     * situation requiring manual intervention": human review and automation paused, the contact not blocked.
     */
    REVIEW,
    /** At or above the critical threshold (about 1% false alarms): a critical alert, as a pattern match is. */
    CRITICAL
}
