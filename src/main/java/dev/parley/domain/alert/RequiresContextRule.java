package dev.parley.domain.alert;

import java.util.List;
import java.util.Objects;

/**
 * Keeps a hit of {@code term} only when it lies inside one of {@code phrases}, e.g. "will" only as
 * a noun ("his will", "last will").
 */
public record RequiresContextRule(String term, List<String> phrases, String reason) implements ContextRule {
    public RequiresContextRule {
        Objects.requireNonNull(term, "term");
        Objects.requireNonNull(reason, "reason");
        phrases = List.copyOf(phrases);
    }
}
