package dev.parley.adapter.alerts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.alert.AlertFindings;
import dev.parley.domain.alert.CriticalAlertDetector;
import dev.parley.domain.alert.MatchingMode;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The shipped opt_out_phrases.json: every category, the seed's traps, every seed phrase. */
class DefaultAlertPatternsTest {
    private static final AlertPatternsFile FILE = AlertPatternsFile.loadDefault();
    private static final CriticalAlertDetector PARLEY = FILE.detector(MatchingMode.PARLEY);
    private static final CriticalAlertDetector SEED_RAW = FILE.detector(MatchingMode.SEED_RAW);

    static Stream<SeedPhraseExample> seedPhrases() {
        return SeedPhraseExamples.ALL.stream();
    }

    @ParameterizedTest
    @MethodSource("seedPhrases")
    void everySeedPhraseTriggersItsPattern(SeedPhraseExample example) {
        assertThat(PARLEY.detect(example.sentence()).patternIds()).contains(example.patternId());
        assertThat(SEED_RAW.detect(example.sentence()).patternIds()).contains(example.patternId());
    }

    @Test
    void examplesCoverEverySeedPhrase() {
        assertThat(SeedPhraseExamples.ALL).hasSize(9 + 7 + 5 + 5 + 11);
        assertThat(SeedPhraseExamples.missedBy(PARLEY)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Please stop messaging me.", "I'll call the police if this goes on.", "You will hear from my lawyer.",
            "I will report you.", "I'm going to kill you.", "I hate you.", "This is a SCAM", "Are you a bot?",
            "I hope you die", "Stop   MESSAGING me", "I’ll sue you", "I'm taking this to the police",
            "I'll murder him", "Go die in a fire", "I hate your company and your texts"})
    void threatsArePositive(String text) {
        AlertFindings findings = PARLEY.detect(text);
        assertThat(findings.isCritical()).isTrue();
        assertThat(findings.categories()).contains("threats");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "I'm on a diet this week", "We both loved the photos", "I'd hate to miss it!",
            "I hate to say it, but I forgot", "I would hate that", "Just killing time at the airport",
            "Trying to kill time before the train", "I'd kill for a coffee", "He's a die-hard Leeds fan",
            "That cake was to die for", "My phone is gonna die, call you later", "I'm dying to see the tree",
            "We're going to a murder mystery party", "My grandfather was a police constable in Leeds",
            "Her father was a lawyer in Cork", "Our robot vacuum is great", "Whatever you think",
            "I hate the Yankees", "I hate Mondays", "when I die on flappy bird I rage quit", "Police say the road is closed",
            "Kill la Kill is my favourite anime", "This traffic will kill the afternoon", "A murder on the news again",
            "My phone battery might die soon"})
    void threatTrapsAreNegative(String text) {
        assertThat(PARLEY.detect(text).categories()).doesNotContain("threats");
    }

    @Test
    void aRuleSuppressesOnlyTheOccurrenceItCovers() {
        assertThat(PARLEY.detect("I'd hate to miss it, but I hate you").isCritical()).isTrue();
        assertThat(PARLEY.detect("Killing time here. I will kill you").isCritical()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"I think about suicide a lot", "I want to kill myself", "I want to end it all",
            "Honestly I want to die", "There is no reason to live"})
    void selfHarmIsPositive(String text) {
        assertThat(PARLEY.detect(text).categories()).contains("self_harm");
    }

    @ParameterizedTest
    @ValueSource(strings = {"I want to dine out tonight", "We'll get to the end of it all tomorrow", "I killed myself laughing"})
    void selfHarmNegatives(String text) {
        assertThat(PARLEY.detect(text).categories()).doesNotContain("self_harm");
    }

    @ParameterizedTest
    @ValueSource(strings = {"This is a GDPR breach", "That is a privacy violation", "Data protection law applies",
            "My attorney will write to you", "I will take legal action"})
    void legalIsPositive(String text) {
        assertThat(PARLEY.detect(text).categories()).contains("legal");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Mum gave me power of attorney", "Grandpa was an attorney in Boston",
            "I protect the data on my laptop"})
    void legalNegatives(String text) {
        assertThat(PARLEY.detect(text).categories()).doesNotContain("legal");
    }

    @ParameterizedTest
    @ValueSource(strings = {"I have his will", "It's in the last will and testament", "Grandma's will names them",
            "I have the original photos", "We found the family Bible", "She kept letters from the war",
            "a tintype of my great-grandmother", "Her diary from 1918 survives"})
    void highValueIsPositiveAndOnlyNotifies(String text) {
        AlertFindings findings = PARLEY.detect(text);
        assertThat(findings.isHighValue()).isTrue();
        assertThat(findings.isCritical()).isFalse();
        assertThat(findings.categories()).containsExactly("high_value");
    }

    @ParameterizedTest
    @ValueSource(strings = {"I will call you tomorrow", "Will you be there?", "Will is my cousin",
            "Where there's a will there's a way", "She did it against her will", "Indeed it is", "a good deed",
            "Put it in your diary", "Write in capital letters", "I read it in the Wall Street Journal"})
    void highValueTrapsAreNegative(String text) {
        assertThat(PARLEY.detect(text).isHighValue()).isFalse();
    }

    @Test
    void seedRawKeepsTheSeedsMisfires() {
        assertThat(SEED_RAW.detect("I'm on a diet").isCritical()).isTrue();
        assertThat(SEED_RAW.detect("We both went").isCritical()).isTrue();
        assertThat(SEED_RAW.detect("I will call you").isHighValue()).isTrue();
        assertThat(SEED_RAW.detect("I'd hate to miss it").isCritical()).isTrue();
        assertThat(PARLEY.detect("I'm on a diet").isEmpty()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"I'm on a diet", "Indeed", "both", "skills", "original photos", "nothing at all",
            "KILL", "Stop Messaging", "tintype", "diaries"})
    void seedRawIsJavaRegexFindCaseInsensitive(String text) {
        for (var category : FILE.patterns().categories()) {
            for (var pattern : category.patterns()) {
                if (pattern.origin() != dev.parley.domain.alert.PatternOrigin.SEED) {
                    continue;
                }
                boolean javaFinds = java.util.regex.Pattern.compile(pattern.expression(), java.util.regex.Pattern.CASE_INSENSITIVE)
                        .matcher(text).find();
                assertThat(SEED_RAW.detect(text).patternIds().contains(pattern.id()))
                        .as("%s on %s", pattern.id(), text).isEqualTo(javaFinds);
            }
        }
    }

    @Test
    void findingsRecordCategoryAndPatternIds() {
        AlertFindings findings = PARLEY.detect("I want to die. Also I have his will.");
        assertThat(findings.patternIds()).containsExactly("threats.2", "self_harm.1", "high_value.1");
        assertThat(findings.categories()).containsExactly("threats", "self_harm", "high_value");
        assertThat(findings.matches().getFirst().categoryName()).isEqualTo("Threats & Hostility");
    }

    @Test
    void everyRuleHasAReason() {
        FILE.patterns().categories().forEach(c -> c.patterns().forEach(p -> p.rules()
                .forEach(r -> assertThat(r.reason()).as(p.id() + " " + r.term()).isNotBlank())));
    }
}
