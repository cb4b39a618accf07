package dev.parley.domain.buyer;

import java.util.List;
import java.util.Optional;

/**
 * What a buyer's message refers to among the presented matches: one match, several candidates (ambiguous: the
 * Criteria Agent asks which), or nothing.
 */
public record ReferenceResolution(Kind kind, List<PresentedMatch> candidates) {
    public enum Kind { NONE, POSITIONAL, CITY, ATTRIBUTE, AMBIGUOUS }

    public static final ReferenceResolution NONE = new ReferenceResolution(Kind.NONE, List.of());

    public ReferenceResolution {
        candidates = List.copyOf(candidates);
    }

    public Optional<PresentedMatch> resolved() {
        return kind == Kind.NONE || kind == Kind.AMBIGUOUS ? Optional.empty() : Optional.of(candidates.getFirst());
    }

    public boolean ambiguous() {
        return kind == Kind.AMBIGUOUS;
    }
}
