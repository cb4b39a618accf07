package dev.parley.application.playbook.outreach;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.alerts.AlertModelFile;
import dev.parley.adapter.alerts.AlertPatternsFile;
import dev.parley.adapter.embedding.OnnxTextEmbedder;
import dev.parley.application.alerts.LearnedAlerts;
import dev.parley.domain.alert.MatchingMode;
import dev.parley.domain.alert.OfflineAiSafetyFlag;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 35's examples with the built-in heads and patterns: a short goodbye reaches Human review at least at the
 * review tier; figurative and friendly messages of the demo do not. (No head or threshold was fitted on these
 * texts.)
 */
class SelfHarmIssueExamplesTest {
    private static final SafetyScreen SCREEN = new SafetyScreen(
            () -> AlertPatternsFile.loadDefault().detector(MatchingMode.PARLEY), new OfflineAiSafetyFlag(),
            LearnedAlerts.of(AlertModelFile.load(Optional.empty()), OnnxTextEmbedder.product(), Map.of()));

    /**
     * "i can't do this anymore. i've written the letters and tonight is the night" is not here: it scores 0.75
     * against a review threshold of 0.80 and is reported as missed (docs/alerts-evaluation.md), not tuned for.
     */
    @Test
    void aGoodbyeReachesHumanReview() {
        for (var text : List.of("Nobody would even notice if I was gone")) {
            var verdict = SCREEN.screen(text);
            assertThat(verdict.critical() || verdict.review()).as(text + " " + verdict.reasons()).isTrue();
        }
    }

    @Test
    void figurativeAndFriendlyMessagesDoNot() {
        for (var text : List.of("I'd kill for a copy of that photo!", "I'd be happy to, give me a day or two.",
                "Yes please! I've hit a brick wall with my great-grandparents so any help is welcome.")) {
            var verdict = SCREEN.screen(text);
            assertThat(verdict.critical()).as(text + " " + verdict.reasons()).isFalse();
            assertThat(verdict.review()).as(text + " " + verdict.reasons()).isFalse();
        }
    }
}
