package dev.parley.domain.alert.learned;

/** What a head's score means for a message, from its two thresholds. */
public enum Tier {
    /** Below the review threshold: nothing to do. */
    NONE,
    /**
     * At or above the review threshold (placed by {@code parley train alerts} for at most 2% false alarms on every
     * ordinary source: {@code AlertHeadTrainer.Settings}; figures in docs/alerts-evaluation.md): seed 000's "ambiguous
     * situation requiring manual intervention": human review and automation paused, the contact not blocked.
     */
    REVIEW,
    /** At or above the critical threshold (at most 1% false alarms on every ordinary source): a critical alert. */
    CRITICAL
}
