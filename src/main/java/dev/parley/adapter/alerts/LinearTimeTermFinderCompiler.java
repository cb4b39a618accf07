package dev.parley.adapter.alerts;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import dev.parley.domain.alert.MatchingMode;
import dev.parley.domain.alert.TermFinder;
import dev.parley.domain.alert.TermFinderCompiler;
import dev.parley.domain.alert.TextNormalization;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Compiles patterns with linear-time engines only: Aho-Corasick for plain phrase alternations,
 * RE2/J for real regular expressions. Refuses what RE2/J cannot compile (backreferences,
 * lookaround), expressions longer than {@value #MAX_EXPRESSION_CHARS} characters, RE2/J programs
 * larger than {@value #MAX_PROGRAM_SIZE} instructions, and expressions that match the empty text
 * (they would flag every message).
 */
public final class LinearTimeTermFinderCompiler implements TermFinderCompiler {
    /** Longest accepted expression, in characters; the seed's longest is under 150. */
    public static final int MAX_EXPRESSION_CHARS = 2_000;
    /** Largest accepted RE2/J program (instructions); bounds memory and per-message time. */
    public static final int MAX_PROGRAM_SIZE = 5_000;

    @Override
    public TermFinder compilePattern(String expression, MatchingMode mode) {
        if (expression.length() > MAX_EXPRESSION_CHARS) {
            throw new IllegalArgumentException("pattern is " + expression.length()
                    + " characters, more than the limit of " + MAX_EXPRESSION_CHARS);
        }
        boolean parley = mode == MatchingMode.PARLEY;
        Optional<List<String>> phrases = PhraseAlternation.parse(expression);
        if (phrases.isPresent()) {
            Set<String> terms = new LinkedHashSet<>();
            for (String phrase : phrases.get()) {
                // SEED_RAW keeps the seed's literal text (lower-cased only), as its regex would see it.
                terms.add(parley ? TextNormalization.normalize(phrase) : phrase.toLowerCase(Locale.ROOT));
            }
            return new AhoCorasickTermFinder(terms, parley);
        }
        return new Re2jTermFinder(compileRe2j(expression), parley);
    }

    @Override
    public TermFinder compilePhrases(List<String> phrases) {
        Set<String> terms = new LinkedHashSet<>();
        for (String phrase : phrases) {
            if (!PhraseAlternation.isPlain(phrase)) {
                throw new IllegalArgumentException("rule phrase '" + phrase
                        + "' must be plain text (letters, digits, spaces, apostrophes, hyphens, commas)");
            }
            terms.add(TextNormalization.normalize(phrase));
        }
        return new AhoCorasickTermFinder(terms, true);
    }

    private static Pattern compileRe2j(String expression) {
        Pattern pattern;
        try {
            pattern = Pattern.compile(expression, Pattern.CASE_INSENSITIVE);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("RE2/J cannot compile it (backreferences and lookaround"
                    + " are not supported by linear-time matching): " + e.getDescription());
        }
        if (pattern.programSize() > MAX_PROGRAM_SIZE) {
            throw new IllegalArgumentException("pattern compiles to " + pattern.programSize()
                    + " RE2/J instructions, more than the limit of " + MAX_PROGRAM_SIZE);
        }
        if (pattern.matcher("").find()) {
            throw new IllegalArgumentException("pattern matches the empty text, so it would flag every message");
        }
        return pattern;
    }
}
