package dev.parley.domain.alert;

import java.util.Objects;

/**
 * A pattern's word that a context rule set aside as a known benign idiom ("could die of", "kill time"): no alert,
 * but worth showing beside a model score so an operator can judge. Carries pattern data only: the term is one of
 * the pattern's own words.
 */
public record SuppressedHit(String categoryId, String patternId, String term, String reason) {
    public SuppressedHit {
        Objects.requireNonNull(categoryId, "categoryId");
        Objects.requireNonNull(patternId, "patternId");
        Objects.requireNonNull(term, "term");
        Objects.requireNonNull(reason, "reason");
    }
}
