package dev.parley.domain.safety;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry of a category's lexicon in {@code safety.json}: either plain {@code phrases} (matched on normalised
 * text on word boundaries, Aho-Corasick) or one linear-time {@code pattern} (RE2/J). Each distinct matching term
 * adds {@code weight} to the category's score, at most {@code maxTerms} of them (0 = no limit: a weak signal such as
 * an amount of money counts once however often it appears); a hit raises the category to at least {@code floor}.
 * A pattern runs only on texts that contain one of its {@code requires} strings (when given): a cheap pre-filter,
 * since a regular expression costs far more per message than the phrase search.
 *
 * @param dropsSentence the soft rewrite drops the whole sentence of a hit (a threat of consequences), rather than what
 *                      its category does ({@link SafeText})
 * @param linkOnly      the entry counts only in a message that carries a link to somewhere other than a known
 *                      brand's own site ({@link LinkRules}): "verify your account" is a phishing signal beside a link
 *                      and an ordinary sentence without one
 */
public record LexiconEntry(String id, List<String> phrases, Optional<String> pattern, double weight, RiskLevel floor,
                           int maxTerms, List<String> requires, boolean dropsSentence, boolean linkOnly)
        implements SignalSource {
    /** An entry without a limit on the terms counted. */
    public LexiconEntry(String id, List<String> phrases, Optional<String> pattern, double weight, RiskLevel floor) {
        this(id, phrases, pattern, weight, floor, 0, List.of(), false, false);
    }

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
        requires = requires == null ? List.of() : List.copyOf(requires);
        if (!requires.isEmpty() && pattern.isEmpty()) {
            throw new IllegalArgumentException("entry '" + id + "': requires applies to a pattern only");
        }
        if (maxTerms < 0) {
            throw new IllegalArgumentException("entry '" + id + "' max_terms must be ≥ 0");
        }
    }
}
