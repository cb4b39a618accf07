package dev.parley.application.console;

import java.util.List;

/**
 * Hook for the alert detector (lands with the outreach playbook): which categories a message would raise with the
 * given pattern source. The console's pattern editor calls it live as the operator types.
 */
public interface AlertPatternTester {

    /** A category a message matched, with the pattern id that matched. */
    record Match(String category, String patternId) {
    }

    /** Matches of {@code message} against {@code patternSource}; throws IllegalArgumentException if it is invalid. */
    List<Match> test(String patternSource, String message);
}
