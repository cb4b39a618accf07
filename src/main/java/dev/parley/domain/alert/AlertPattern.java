package dev.parley.domain.alert;

import java.util.List;
import java.util.Objects;

/**
 * One pattern of a category: an id such as {@code threats.1} (recorded on alerts), the expression
 * as written in the patterns file (a plain phrase alternation or a regular expression), where it
 * comes from, and its context rules.
 */
public record AlertPattern(String id, String expression, PatternOrigin origin, List<ContextRule> rules) {
    public AlertPattern {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(expression, "expression");
        Objects.requireNonNull(origin, "origin");
        rules = List.copyOf(rules);
    }

    /** A seed pattern without context rules. */
    public static AlertPattern seed(String id, String expression) {
        return new AlertPattern(id, expression, PatternOrigin.SEED, List.of());
    }
}
