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
    void eachBotReplyShowsWhichMessagesWereSelectedAndWhy() {
        var detail = Map.<String, Object>of("mention", "reply_to_bot", "strategy", "default", "answered_by", "offline",
                "selected", List.of(
                        Map.of("sender", "Ana", "sent_at", "2026-03-07T18:00:00Z", "provider_id", "A",
                                "reasons", List.of("anchor")),
                        Map.of("sender", "Carl", "sent_at", "2026-03-10T17:50:00Z", "provider_id", "C",
                                "reasons", List.of("similarity 0.46", "continuation"))));
        assertThat(TimelineEntries.contextTitle(detail))
                .isEqualTo("Context for a mention (reply to bot) · strategy default · 2 messages · answered by offline");
        assertThat(TimelineEntries.contextText(detail)).isEqualTo(
                "• Ana · 2026-03-07T18:00:00Z · A — anchor\n• Carl · 2026-03-10T17:50:00Z · C — similarity 0.46, continuation");
        assertThat(TimelineEntries.contextText(Map.of("selected", List.of()))).isEqualTo("no earlier message was selected");
    }
}
