package dev.parley.domain.safety;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry of a category's lexicon in {@code safety.json}: either plain {@code phrases} (matched on normalised
 * text on word boundaries, Aho-Corasick) or one linear-time {@code pattern} (RE2/J). Each distinct matching term
 * adds {@code weight} to the category's score; a hit raises the category to at least {@code floor}.
 */
public record LexiconEntry(String id, List<String> phrases, Optional<String> pattern, double weight, RiskLevel floor) {
    public LexiconEntry {
        Objects.requireNonNull(id, "id");
        phrases = List.copyOf(phrases);
        pattern = pattern == null ? Optional.empty() : pattern;
        Objects.requireNonNull(floor, "floor");
        if (phrases.isEmpty() == pattern.isEmpty()) {
            throw new IllegalArgumentException("entry '" + id + "' needs either phrases or a pattern, not both");
        }
        if (!(weight > 0) || weight > 100) {
            throw new IllegalArgumentException("entry '" + id + "' weight must be in (0, 100]");
        }
    }
}
