package dev.parley.domain.safety;

import java.util.List;

/**
 * One category's findings for one message: how many signals matched ({@code count}), their weighted
 * {@code score}, the resulting {@code level} (after contact-history and escalation adjustments) and the distinct
 * terms that matched (lexicon terms only, for explanations in the console; never stored with the decision).
 */
public record CategoryScore(RiskCategory category, int count, double score, RiskLevel level, List<String> terms) {
    public CategoryScore {
        terms = List.copyOf(terms);
    }

    public static CategoryScore none(RiskCategory category) {
        return new CategoryScore(category, 0, 0, RiskLevel.NONE, List.of());
    }

    /** True when the category is raised on this message (level LOW or above). */
    public boolean raised() {
        return level != RiskLevel.NONE;
    }
}
