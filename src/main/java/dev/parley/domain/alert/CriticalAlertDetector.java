package dev.parley.domain.alert;

import dev.parley.domain.memo.RecentAnswers;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Seed 000 §3 critical-alert detection: tests a message against every category's patterns.
 *
 * <p>Built once from an {@link AlertPatternSet}; immutable and safe to share between threads. In
 * {@link MatchingMode#PARLEY} every rule is checked at build time (its term must be a word of each
 * phrase and, for phrase alternations, one of the pattern's phrases), so a bad file fails at load,
 * not on the first message. The AI flag ({@link AiSafetyFlag}) is combined by the caller.
 *
 * <p>It remembers the findings of the last {@value #REMEMBERED} texts it tested (in memory only, least recently used
 * first out, texts of at most {@value #REMEMBERED_LENGTH} characters), as {@code SafetyPolicy} does for the safety
 * lexicons: the findings are a pure function of the text and the compiled patterns, and texts recur (issue 17's
 * demo: a tenth of the pipeline's time was this detector and the lexicon scan, mostly on texts seen before).
 */
public final class CriticalAlertDetector {
    private final AlertPatternSet patterns;
    private final MatchingMode mode;
    private final List<CompiledPattern> compiled;
    static final int REMEMBERED = 16_384;
    static final int REMEMBERED_LENGTH = 1_000;
    /** The findings of texts tested recently (immutable values; see the class comment). */
    private final RecentAnswers<AlertFindings> recent = new RecentAnswers<>(REMEMBERED, REMEMBERED_LENGTH, this::test);

    private CriticalAlertDetector(AlertPatternSet patterns, MatchingMode mode, List<CompiledPattern> compiled) {
        this.patterns = patterns;
        this.mode = mode;
        this.compiled = List.copyOf(compiled);
    }

    /**
     * Compiles {@code patterns} for {@code mode}.
     *
     * @throws InvalidAlertPatternException naming the category and pattern that cannot be used
     */
    public static CriticalAlertDetector build(AlertPatternSet patterns, TermFinderCompiler compiler, MatchingMode mode) {
        Objects.requireNonNull(patterns, "patterns");
        Objects.requireNonNull(compiler, "compiler");
        Objects.requireNonNull(mode, "mode");
        List<CompiledPattern> compiled = new ArrayList<>();
        for (AlertCategory category : patterns.categories()) {
            for (AlertPattern pattern : category.patterns()) {
                if (mode == MatchingMode.SEED_RAW && pattern.origin() != PatternOrigin.SEED) {
                    continue;
                }
                try {
                    compiled.add(compile(category, pattern, compiler, mode));
                } catch (IllegalArgumentException e) {
                    throw new InvalidAlertPatternException(category.id(), pattern.id(), e.getMessage());
                }
            }
        }
        return new CriticalAlertDetector(patterns, mode, compiled);
    }

    private static CompiledPattern compile(AlertCategory category, AlertPattern pattern,
                                           TermFinderCompiler compiler, MatchingMode mode) {
        AlertMatch match = new AlertMatch(category.id(), category.name(), pattern.id(), category.severity());
        TermFinder finder = compiler.compilePattern(pattern.expression(), mode);
        List<CompiledRule> rules = new ArrayList<>();
        if (mode == MatchingMode.PARLEY) {
            for (ContextRule rule : pattern.rules()) {
                checkRule(rule, finder);
                rules.add(new CompiledRule(rule, compiler.compilePhrases(rule.phrases())));
            }
        }
        return new CompiledPattern(match, finder, rules);
    }

    private static void checkRule(ContextRule rule, TermFinder finder) {
        String term = TextNormalization.normalize(rule.term());
        if (!term.equals(rule.term()) || term.isEmpty()) {
            throw new IllegalArgumentException("rule term '" + rule.term() + "' must be lower case, trimmed, non-empty");
        }
        if (!finder.literalTerms().isEmpty() && !finder.literalTerms().contains(term)) {
            throw new IllegalArgumentException("rule term '" + term + "' is not one of the pattern's phrases");
        }
        if (rule.phrases().isEmpty()) {
            throw new IllegalArgumentException("rule for '" + term + "' has no phrases");
        }
        if (rule.reason().isBlank()) {
            throw new IllegalArgumentException("rule for '" + term + "' has no reason");
        }
        for (String phrase : rule.phrases()) {
            if (!containsAsWords(TextNormalization.normalize(phrase), term)) {
                throw new IllegalArgumentException("rule for '" + term + "': phrase '" + phrase
                        + "' does not contain '" + term + "' as a whole word, so the rule could never apply");
            }
        }
    }

    private static boolean containsAsWords(String phrase, String term) {
        for (int at = phrase.indexOf(term); at >= 0; at = phrase.indexOf(term, at + 1)) {
            if (WordBoundary.surrounds(phrase, at, at + term.length())) {
                return true;
            }
        }
        return false;
    }

    /** Tests {@code text}; never logs it, and keeps it only in memory among the recent texts (class comment). */
    public AlertFindings detect(String text) {
        Objects.requireNonNull(text, "text");
        return recent.of(text);
    }

    /** {@link #detect} without the memo (what every remembered answer was computed by). */
    AlertFindings test(String text) {
        String searched = mode == MatchingMode.PARLEY ? TextNormalization.normalize(text) : text;
        List<AlertMatch> matches = new ArrayList<>();
        List<SuppressedHit> suppressed = new ArrayList<>();
        for (CompiledPattern pattern : compiled) {
            var outcome = pattern.evaluate(searched);
            if (outcome.matched()) {
                matches.add(pattern.match().withTerms(outcome.terms()));
            }
            suppressed.addAll(outcome.suppressed());
        }
        return matches.isEmpty() && suppressed.isEmpty() ? AlertFindings.NONE : new AlertFindings(matches, suppressed);
    }

    /** The patterns this detector was built from. */
    public AlertPatternSet patterns() {
        return patterns;
    }

    /** How this detector matches. */
    public MatchingMode mode() {
        return mode;
    }
}
