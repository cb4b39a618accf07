package dev.parley.application.playbook.outreach;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.alerts.AlertModelFile;
import dev.parley.adapter.alerts.AlertPatternsFile;
import dev.parley.adapter.embedding.MiniLmTextEmbedder;
import dev.parley.application.alerts.LearnedAlerts;
import dev.parley.domain.alert.MatchingMode;
import dev.parley.domain.alert.OfflineAiSafetyFlag;
import dev.parley.domain.alert.learned.HeadThresholds;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The screen with the built-in learned heads: patterns OR model, and the why of each verdict. */
class SafetyScreenModelTest {
    private static final LearnedAlerts LEARNED = LearnedAlerts.of(AlertModelFile.load(Optional.empty()),
            new MiniLmTextEmbedder(), Map.of());
    private static final SafetyScreen SCREEN = new SafetyScreen(
            () -> AlertPatternsFile.loadDefault().detector(MatchingMode.PARLEY), new OfflineAiSafetyFlag(), LEARNED);

    @Test
    void aCryForHelpNoPatternKnowsIsCaughtByTheModel() {
        var verdict = SCREEN.screen("I can't keep going, everyone would be better off without me");
        assertThat(verdict.critical() || verdict.review()).as("reaches Human review").isTrue();
        assertThat(verdict.critical()).as("critical tier at the built-in thresholds").isTrue();
        assertThat(verdict.criticalCategories()).containsExactly("self_harm");
        assertThat(verdict.criticalPatterns()).containsExactly("model:self_harm");
        assertThat(verdict.source()).isEqualTo("model");
        @SuppressWarnings("unchecked")
        var model = (List<Map<String, Object>>) verdict.reasons().get("model");
        assertThat(model).anySatisfy(m -> {
            assertThat(m).containsEntry("category", "self_harm").containsEntry("tier", "CRITICAL");
            assertThat((double) m.get("score")).isGreaterThanOrEqualTo((double) m.get("critical"));
        });
        assertThat(verdict.reasons()).doesNotContainKey("patterns");
    }

    @Test
    void hyperboleAboutTrafficRaisesNothing() {
        var verdict = SCREEN.screen("this traffic is killing me");
        assertThat(verdict.critical()).isFalse();
        assertThat(verdict.review()).isFalse();
        assertThat(verdict.reasons()).containsKey("model");
    }

    @Test
    void aPatternAndTheModelBothFireAndNeitherVetoesTheOther() {
        var verdict = SCREEN.screen("I want to die, I'm going to kill myself tonight");
        assertThat(verdict.critical()).isTrue();
        assertThat(verdict.source()).isEqualTo("pattern+model");
        assertThat(verdict.criticalPatterns()).contains("self_harm.1", "model:self_harm");
        @SuppressWarnings("unchecked")
        var patterns = (List<Map<String, Object>>) verdict.reasons().get("patterns");
        assertThat(patterns).anySatisfy(p -> assertThat(p).containsEntry("pattern", "self_harm.1")
                .containsEntry("words", List.of("want to die", "kill myself")));

        // A pattern alone still raises the alert when the model scores low (veto-free).
        var legal = SCREEN.screen("Please forward this to my attorney.");
        assertThat(legal.critical()).isTrue();
        assertThat(legal.source()).isEqualTo("pattern");
    }

    @Test
    void aBenignIdiomTheRulesSetAsideIsShownWithTheModelScore() {
        var verdict = SCREEN.screen("My phone is gonna die, I'll call you back");
        assertThat(verdict.critical()).isFalse();
        @SuppressWarnings("unchecked")
        var idioms = (List<Map<String, Object>>) verdict.reasons().get("benign_idioms");
        assertThat(idioms).singleElement().satisfies(i -> assertThat(i).containsEntry("pattern", "threats.2")
                .containsEntry("word", "die"));
        assertThat(verdict.reasons()).containsKey("model");
    }

    @Test
    void aScoreBetweenTheThresholdsIsTheReviewTier() {
        var strict = LearnedAlerts.of(AlertModelFile.load(Optional.empty()), new MiniLmTextEmbedder(),
                Map.of("self_harm", new HeadThresholds(0.999999, 0.01)));
        var screen = new SafetyScreen(() -> AlertPatternsFile.loadDefault().detector(MatchingMode.PARLEY),
                new OfflineAiSafetyFlag(), strict);
        var verdict = screen.screen("I can't keep going, everyone would be better off without me");
        assertThat(verdict.critical()).isFalse();
        assertThat(verdict.review()).isTrue();
        assertThat(verdict.reviewCategories()).containsExactly("self_harm");
        assertThat(verdict.reviewPatterns()).containsExactly("model:self_harm");
    }

    @Test
    void withTheModelOffOnlyPatternsCountAndNothingIsEmbedded() {
        var off = new SafetyScreen(() -> AlertPatternsFile.loadDefault().detector(MatchingMode.PARLEY),
                new OfflineAiSafetyFlag(), LearnedAlerts.off(new MiniLmTextEmbedder()));
        var verdict = off.screen("I can't keep going, everyone would be better off without me", () -> {
            throw new AssertionError("embedded although the model is off");
        });
        assertThat(verdict.critical()).isFalse();
        assertThat(verdict.review()).isFalse();
        assertThat(verdict.reasons()).doesNotContainKey("model");
    }
}
