package dev.parley.adapter.ui.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.conversation.TimelineEvent;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TimelineEntriesTest {
    @Test
    void criticalTransitionNamesTheAlertCategories() {
        var event = new TimelineEvent(1, 1, "transition", "AwaitingReply", "HumanReview", "critical_alert",
                null, "system", Instant.EPOCH);
        assertThat(TimelineEntries.transitionTitle(event, Map.of("categories", List.of("self-harm"))))
                .isEqualTo("AwaitingReply → HumanReview · critical alert: self-harm");
    }

    @Test
    void unblockTransitionShowsTheNote() {
        var event = new TimelineEvent(1, 1, "transition", "HumanReview", "AwaitingReply", "operator_unblock",
                null, "Dana", Instant.EPOCH);
        assertThat(TimelineEntries.transitionTitle(event, Map.of("note", "talked to them")))
                .isEqualTo("HumanReview → AwaitingReply · operator_unblock: talked to them");
    }

    @Test
    void reviewTransitionSaysReviewAlert() {
        var event = new TimelineEvent(1, 1, "transition", "AwaitingReply", "HumanReview", "review_alert",
                null, "system", Instant.EPOCH);
        assertThat(TimelineEntries.transitionTitle(event, Map.of("categories", List.of("self_harm"))))
                .isEqualTo("AwaitingReply → HumanReview · review alert: self_harm");
    }

    @Test
    void alertReasonsReadAsPatternsWordsScoresThresholdsAndBenignIdioms() {
        var lines = AlertReasonsText.lines("{\"patterns\":[{\"pattern\":\"threats.2\",\"category\":\"threats\","
                + "\"severity\":\"CRITICAL\",\"words\":[\"kill\"]}],\"model\":[{\"category\":\"self_harm\","
                + "\"score\":0.9213,\"critical\":0.8477,\"review\":0.3598,\"tier\":\"CRITICAL\"},{\"category\":"
                + "\"threats\",\"score\":0.5,\"critical\":0.9191,\"review\":0.785,\"tier\":\"NONE\"}],"
                + "\"benign_idioms\":[{\"pattern\":\"threats.2\",\"category\":\"threats\",\"word\":\"die\","
                + "\"reason\":\"Idioms\"}]}");
        assertThat(lines).containsExactly("pattern threats.2 (threats): \"kill\"",
                "model self_harm: score 0.92 ≥ critical 0.85",
                "model threats: score 0.50 below review 0.79",
                "benign idiom: \"die\" of threats.2 set aside (Idioms)");
        assertThat(AlertReasonsText.lines((String) null)).isEmpty();
        assertThat(AlertReasonsText.lines("not json")).isEmpty();
    }
}
