package dev.parley.domain.alert;

import java.util.List;
import java.util.Objects;

/**
 * One pattern that matched a message: ids, and the pattern's words that matched ({@code terms}, normalised; for a
 * regular expression, the matched span), so an operator sees why. Never logged.
 */
public record AlertMatch(String categoryId, String categoryName, String patternId, AlertSeverity severity,
                         List<String> terms) {
    public AlertMatch {
        Objects.requireNonNull(categoryId, "categoryId");
        Objects.requireNonNull(categoryName, "categoryName");
        Objects.requireNonNull(patternId, "patternId");
        Objects.requireNonNull(severity, "severity");
        terms = List.copyOf(terms);
    }

    /** A match whose words are not known (or not needed). */
    public AlertMatch(String categoryId, String categoryName, String patternId, AlertSeverity severity) {
        this(categoryId, categoryName, patternId, severity, List.of());
    }

    /** The same match with the words that matched. */
    public AlertMatch withTerms(List<String> matched) {
        return new AlertMatch(categoryId, categoryName, patternId, severity, matched);
    }
}
