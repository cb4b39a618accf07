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
 * Issue 35's figurative and friendly examples (messages of the demo that issue 14's review tier flagged every time)
 * reach neither tier with the built-in heads and patterns. No head or threshold was fitted on them. The issue's two
 * short goodbyes are missed by the MiniLM heads (0.75 and 0.54 against a review threshold of 0.80) and reported so
 * in docs/alerts-evaluation.md rather than tuned for.
 */
class SelfHarmIssueExamplesTest {
    private static final SafetyScreen SCREEN = new SafetyScreen(
            () -> AlertPatternsFile.loadDefault().detector(MatchingMode.PARLEY), new OfflineAiSafetyFlag(),
            LearnedAlerts.of(AlertModelFile.load(Optional.empty()), OnnxTextEmbedder.product(), Map.of()));

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
