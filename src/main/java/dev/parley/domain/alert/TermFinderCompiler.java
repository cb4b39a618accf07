package dev.parley.domain.alert;

import java.util.List;

/**
 * Port: compiles pattern expressions and rule phrases into {@link TermFinder}s.
 *
 * <p>Implementations refuse what they cannot run in linear time or what is too large by throwing
 * {@link IllegalArgumentException} with a reason a person can act on.
 */
public interface TermFinderCompiler {

    /** Compiles a pattern expression for the given mode. */
    TermFinder compilePattern(String expression, MatchingMode mode);

    /** Compiles plain phrases (no regex syntax), matched on normalised text on word boundaries. */
    TermFinder compilePhrases(List<String> phrases);
}
