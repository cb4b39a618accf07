package dev.parley.domain.alert;

/** How a detector applies its patterns. */
public enum MatchingMode {
    /**
     * Parley's matching: text normalised (lower case, one space per whitespace run, straight
     * apostrophes), every hit on word boundaries, then each pattern's context rules.
     */
    PARLEY,
    /**
     * The seed's behaviour, kept for comparison: only {@link PatternOrigin#SEED} patterns, a
     * case-insensitive substring search ({@code find}) as the seed's regexes do, no word boundaries
     * and no context rules.
     */
    SEED_RAW
}
