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
}
