package dev.parley.domain.alert.learned;

import java.util.Objects;

/** One head's score for one message, with the thresholds it was judged against (never the text). */
public record HeadScore(String category, double score, HeadThresholds thresholds) {
    public HeadScore {
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(thresholds, "thresholds");
    }

    public Tier tier() {
        return thresholds.tierOf(score);
    }

    /** The threshold of the tier reached, or the review threshold when none is. */
    public double thresholdReached() {
        return tier() == Tier.CRITICAL ? thresholds.critical() : thresholds.review();
    }
}
