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

    @Test
    void transitionShowsTheIntentThatDecidedIt() {
        var event = new TimelineEvent(1, 1, "transition", "AwaitingReply", "Conclusion", "message_received",
                null, "system", Instant.EPOCH);
        assertThat(TimelineEntries.transitionTitle(event, Map.of("guard", "intent_not_interested",
                "reason", "intent NOT_INTERESTED (rules: matched NOT_INTERESTED 'not into')")))
                .isEqualTo("AwaitingReply → Conclusion · message_received: intent NOT_INTERESTED (rules: matched "
                        + "NOT_INTERESTED 'not into')");
    }

    @Test
    void theAssistantsPlanStepsAndToolsAreLinesWithCollapsedDetails() {
        var plan = new TimelineEvent(1, 1, "assistant_plan", null, null, null, "{\"steps\":[{\"action\":\"TOOL\","
                + "\"tool\":\"get_time\"},{\"action\":\"FINAL_RESPONSE\"}],\"valid\":true}", "system", Instant.EPOCH);
        var entry = AssistantTimeline.of(plan, dev.parley.application.JsonDocuments.read(plan.detailJson()))
                .orElseThrow();
        assertThat(entry.title()).isEqualTo("Plan · get_time → FINAL_RESPONSE");
        assertThat(entry.details()).isEqualTo("1. {action=TOOL, tool=get_time}\n2. {action=FINAL_RESPONSE}");
        var tool = new TimelineEvent(2, 1, "assistant_tool", null, null, null, "{\"tool\":\"get_time\",\"args\":{},"
                + "\"outcome\":\"ok\",\"result\":\"It is 09:01.\"}", "system", Instant.EPOCH);
        var toolEntry = AssistantTimeline.of(tool, dev.parley.application.JsonDocuments.read(tool.detailJson()))
                .orElseThrow();
        assertThat(toolEntry.title()).isEqualTo("Tool get_time · ok");
        assertThat(toolEntry.details()).isEqualTo("arguments: {}\nresult: It is 09:01.");
        var speech = new TimelineEvent(3, 1, "speech_attached", null, null, null, "{\"file\":\"/m/outbox-1.wav\","
                + "\"outbox_id\":1}", "system", Instant.EPOCH);
        assertThat(AssistantTimeline.of(speech, dev.parley.application.JsonDocuments.read(speech.detailJson()))
                .orElseThrow().media()).isEqualTo("/m/outbox-1.wav");
        var invalid = new TimelineEvent(4, 1, "assistant_plan", null, null, null,
                "{\"steps\":[],\"valid\":false,\"reason\":\"no JSON object in content\"}", "system", Instant.EPOCH);
        assertThat(AssistantTimeline.of(invalid, dev.parley.application.JsonDocuments.read(invalid.detailJson()))
                .orElseThrow().title()).isEqualTo("Plan invalid · no JSON object in content");
    }

    @Test
    void aSafetyDecisionSaysWhichHeadRaisedACategoryWithItsScoreAndThreshold() {
        var detail = Map.<String, Object>of("model", List.of(Map.of("category", "self_harm_triggers", "head", "self_harm",
                "score", 0.93, "tier", "critical", "threshold", 0.8477, "level", "high")));
        assertThat(TimelineEntries.modelText(detail))
                .isEqualTo("model: self_harm_triggers by self_harm 0.93 ≥ 0.8477 (critical) · ");
        assertThat(TimelineEntries.modelText(Map.of("decision", "deliver"))).isEmpty();
    }

    @Test
    void aSafetyDecisionSaysWhichRewriteItUsedAndWhyNotTheModels() {
        assertThat(TimelineEntries.rewriteText(Map.of("rewrite", "model"))).isEqualTo("rewrite by the model · ");
        assertThat(TimelineEntries.rewriteText(Map.of("rewrite", "deterministic", "rewrite_fallback",
                "model_unavailable: timeout"))).isEqualTo("deterministic rewrite (model_unavailable: timeout) · ");
        assertThat(TimelineEntries.rewriteText(Map.of("rewrite", "deterministic")))
                .isEqualTo("deterministic rewrite · ");
        assertThat(TimelineEntries.rewriteText(Map.of("decision", "allow"))).isEmpty();
    }
}
