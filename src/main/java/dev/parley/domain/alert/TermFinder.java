package dev.parley.domain.alert;

import java.util.List;
import java.util.Set;

/**
 * Port: a compiled, thread-safe search for one expression. Implementations must run in time linear
 * in the text (no backtracking engines).
 */
public interface TermFinder {

    /** Every hit in {@code text} (overlapping hits included, order unspecified). */
    List<TermHit> find(String text);

    /** The literal terms this finder looks for, or an empty set when it is a regular expression. */
    Set<String> literalTerms();
}
