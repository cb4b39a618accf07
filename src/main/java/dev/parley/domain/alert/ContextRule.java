package dev.parley.domain.alert;

import java.util.List;

/**
 * A context rule on one term of a pattern; a value, loaded from the patterns file.
 *
 * <p>Rules look only at the occurrence of the term they are about: a hit of {@link #term()} is
 * judged by whether it lies inside a hit of one of {@link #phrases()}, so other occurrences of the
 * same term in the message are judged on their own.
 */
public sealed interface ContextRule permits UnlessRule, RequiresContextRule {

    /** The term (one alternative of the pattern, normalised) this rule is about. */
    String term();

    /** Plain phrases, each containing {@link #term()} as a word. */
    List<String> phrases();

    /** Why the rule exists; shown in docs and error messages, never optional. */
    String reason();
}
