package dev.parley.domain.alert.learned;

/** A head's two score thresholds (probabilities); a score at or above one reaches its tier. */
public record HeadThresholds(double critical, double review) {
    public HeadThresholds {
        if (!(critical > 0 && critical <= 1) || !(review > 0 && review <= 1)) {
            throw new IllegalArgumentException("thresholds must be in (0, 1]: critical " + critical + ", review "
                    + review);
        }
        if (review > critical) {
            throw new IllegalArgumentException("the review threshold (" + review
                    + ") must not be above the critical one (" + critical + ")");
        }
    }

    public Tier tierOf(double score) {
        if (score >= critical) return Tier.CRITICAL;
        if (score >= review) return Tier.REVIEW;
        return Tier.NONE;
    }
}
