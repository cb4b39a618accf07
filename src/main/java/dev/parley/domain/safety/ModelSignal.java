package dev.parley.domain.safety;

import java.util.Objects;

/**
 * A learned head's verdict on one message as a category signal of the validator (ADR 0019): which head, its score,
 * the threshold it reached ({@code critical} or {@code review}) and the level it gives its category. Never the text.
 *
 * @param category  the seed 002 category the head feeds
 * @param head      the head's name in {@code alert_heads.json} (self_harm, threats, harassment, financial_scam)
 * @param score     the head's probability for the message
 * @param tier      {@code critical} or {@code review}: the highest threshold the score reached
 * @param threshold that threshold's value
 * @param level     the category level the model alone gives the message
 */
public record ModelSignal(RiskCategory category, String head, double score, String tier, double threshold,
                          RiskLevel level) {
    public ModelSignal {
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(head, "head");
        Objects.requireNonNull(tier, "tier");
        Objects.requireNonNull(level, "level");
        if (level == RiskLevel.NONE) throw new IllegalArgumentException("a model signal raises its category");
    }
}
