package dev.parley.domain.safety;

import java.util.List;
import java.util.Optional;

/**
 * One category's findings for one message: how many signals matched ({@code count}), their weighted
 * {@code score}, the resulting {@code level} (after contact-history and escalation adjustments) and the distinct
 * terms that matched (lexicon terms only, for explanations in the console; never stored with the decision).
 * {@code model} is the learned head's signal for the category when one reached a threshold that gives a level at least
 * as high as the lexicons' (ADR 0019): the level is the higher of the two ("the higher level wins").
 */
public record CategoryScore(RiskCategory category, int count, double score, RiskLevel level, List<String> terms,
                            Optional<ModelSignal> model) {
    public CategoryScore {
        terms = List.copyOf(terms);
        model = model == null ? Optional.empty() : model;
    }

    /** A lexicon-only score. */
    public CategoryScore(RiskCategory category, int count, double score, RiskLevel level, List<String> terms) {
        this(category, count, score, level, terms, Optional.empty());
    }

    public static CategoryScore none(RiskCategory category) {
        return new CategoryScore(category, 0, 0, RiskLevel.NONE, List.of());
    }

    /** True when the category is raised on this message (level LOW or above). */
    public boolean raised() {
        return level != RiskLevel.NONE;
    }

    /** True when a learned head raised the category to its level (the lexicons alone gave no higher one). */
    public boolean raisedByModel() {
        return model.isPresent();
    }
}
