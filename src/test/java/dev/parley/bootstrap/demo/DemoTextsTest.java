package dev.parley.bootstrap.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.alerts.AlertPatternsFile;
import dev.parley.domain.alert.MatchingMode;
import dev.parley.domain.outreach.Intent;
import dev.parley.domain.outreach.RuleBasedIntentClassifier;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The demo's benign texts mean what their persona means (the offline intent rules read them so) and no alert
 * pattern fires on them: what the demo store shows for them is then the pipeline's own reading, learned heads
 * included, not a template that says something else.
 */
class DemoTextsTest {
    private static final Map<List<String>, Intent> MEANING = Map.of(DemoTexts.FIRST_REPLIES, Intent.PRODUCTIVE,
            DemoTexts.CHAT, Intent.PRODUCTIVE, DemoTexts.DECLINE, Intent.NOT_INTERESTED, DemoTexts.POLITE,
            Intent.POLITE, DemoTexts.THANKS, Intent.POLITE, DemoTexts.NEUTRAL, Intent.NEUTRAL, DemoTexts.STOP,
            Intent.STOP, DemoTexts.NEGATIVE, Intent.NEGATIVE);

    @Test
    void benignTextsReadAsTheirPersonaMeansThemAndRaiseNoPattern() {
        var intents = RuleBasedIntentClassifier.standard();
        var detector = AlertPatternsFile.loadDefault().detector(MatchingMode.PARLEY);
        MEANING.forEach((texts, intent) -> {
            for (var text : texts) {
                assertThat(intents.classify(text).intent()).as(text).isEqualTo(intent);
                assertThat(detector.detect(text).matches()).as(text).isEmpty();
            }
        });
    }

    @Test
    void friendlyRepliesAreManyAndDistinct() {
        assertThat(DemoTexts.FIRST_REPLIES).hasSizeGreaterThanOrEqualTo(20).doesNotHaveDuplicates();
        assertThat(DemoTexts.CHAT).hasSizeGreaterThanOrEqualTo(20).doesNotHaveDuplicates();
        // a template's fills come from its own generator: picking one leaves the person's dice as a plain pick does
        var person = new DemoTexts.Person("Ann", "Walsh");
        var a = new Random(5);
        var b = new Random(5);
        DemoTexts.pick(DemoTexts.DATA, person, a);
        b.nextInt(DemoTexts.DATA.size());
        b.nextInt(DemoTexts.VARIANTS);
        assertThat(a.nextLong()).isEqualTo(b.nextLong());
    }
}
