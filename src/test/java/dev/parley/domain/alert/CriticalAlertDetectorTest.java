package dev.parley.domain.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The detector's rule logic with an in-test finder, so the domain is tested without adapters. */
class CriticalAlertDetectorTest {

    /** Finds literal '|'-separated words on word boundaries; enough to exercise the domain. */
    private static final class WordListCompiler implements TermFinderCompiler {
        @Override
        public TermFinder compilePattern(String expression, MatchingMode mode) {
            return finder(List.of(expression.replace("(", "").replace(")", "").split("\\|")));
        }

        @Override
        public TermFinder compilePhrases(List<String> phrases) {
            return finder(phrases);
        }

        private static TermFinder finder(List<String> terms) {
            return new TermFinder() {
                @Override
                public List<TermHit> find(String text) {
                    List<TermHit> hits = new ArrayList<>();
                    for (String term : terms) {
                        for (int at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
                            if (WordBoundary.surrounds(text, at, at + term.length())) {
                                hits.add(new TermHit(term, at, at + term.length()));
                            }
                        }
                    }
                    return hits;
                }

                @Override
                public Set<String> literalTerms() {
                    return Set.copyOf(terms);
                }
            };
        }
    }

    private static AlertPatternSet set(AlertPattern... patterns) {
        return new AlertPatternSet(List.of(new AlertCategory("threats", "Threats", AlertSeverity.CRITICAL, List.of(patterns))));
    }

    @Test
    void unlessAndRequiresContextJudgeEachOccurrence() {
        AlertPattern pattern = new AlertPattern("threats.1", "(hate|will)", PatternOrigin.SEED, List.of(
                new UnlessRule("hate", List.of("hate to"), "politeness"),
                new RequiresContextRule("will", List.of("his will"), "noun only")));
        CriticalAlertDetector detector = CriticalAlertDetector.build(set(pattern), new WordListCompiler(), MatchingMode.PARLEY);

        assertThat(detector.detect("I'd HATE to go").isEmpty()).isTrue();
        assertThat(detector.detect("I'd hate to go, I hate it").isCritical()).isTrue();
        assertThat(detector.detect("I will go").isEmpty()).isTrue();
        assertThat(detector.detect("I read his   will").patternIds()).containsExactly("threats.1");
    }

    @Test
    void seedRawSkipsParleyPatternsAndRules() {
        AlertPattern seed = new AlertPattern("threats.1", "(hate)", PatternOrigin.SEED,
                List.of(new UnlessRule("hate", List.of("hate to"), "politeness")));
        AlertPattern added = new AlertPattern("threats.2", "(hates)", PatternOrigin.PARLEY, List.of());
        CriticalAlertDetector raw = CriticalAlertDetector.build(set(seed, added), new WordListCompiler(), MatchingMode.SEED_RAW);

        assertThat(raw.detect("hate to").patternIds()).containsExactly("threats.1");
        assertThat(raw.detect("hates").isEmpty()).isTrue();
    }

    @Test
    void aRulePhraseWithoutItsTermIsRefusedWithIds() {
        AlertPattern pattern = new AlertPattern("threats.3", "(hate)", PatternOrigin.SEED,
                List.of(new UnlessRule("hate", List.of("hateful"), "r")));
        assertThatThrownBy(() -> CriticalAlertDetector.build(set(pattern), new WordListCompiler(), MatchingMode.PARLEY))
                .isInstanceOf(InvalidAlertPatternException.class)
                .hasMessageContaining("category 'threats', pattern 'threats.3'");
    }

    @Test
    void findingsSummarise() {
        AlertFindings findings = new AlertFindings(List.of(
                new AlertMatch("threats", "T", "threats.2", AlertSeverity.CRITICAL),
                new AlertMatch("high_value", "H", "high_value.1", AlertSeverity.HIGH_VALUE)));
        assertThat(findings.isCritical()).isTrue();
        assertThat(findings.isHighValue()).isTrue();
        assertThat(findings.categories()).containsExactly("threats", "high_value");
        assertThat(AlertFindings.NONE.isCritical()).isFalse();
        assertThat(new OfflineAiSafetyFlag().flag("I want to die")).isEmpty();
    }

    @Test
    void normalisationAndBoundaries() {
        assertThat(TextNormalization.normalize("  I’d\tHATE \n to ")).isEqualTo("i'd hate to");
        assertThat(WordBoundary.surrounds("diet", 0, 3)).isFalse();
        assertThat(WordBoundary.surrounds("i die.", 2, 5)).isTrue();
        assertThat(WordBoundary.surrounds("mum's will", 3, 10)).isTrue();
    }
}
