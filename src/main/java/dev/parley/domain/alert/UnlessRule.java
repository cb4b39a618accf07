package dev.parley.domain.alert;

import java.util.List;
import java.util.Objects;

/**
 * Suppresses a hit of {@code term} that lies inside one of {@code phrases}, e.g. "hate" inside
 * "hate to" ("I'd hate to miss it").
 */
public record UnlessRule(String term, List<String> phrases, String reason) implements ContextRule {
    public UnlessRule {
        Objects.requireNonNull(term, "term");
        Objects.requireNonNull(reason, "reason");
        phrases = List.copyOf(phrases);
    }
}
