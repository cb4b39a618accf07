package dev.parley.domain.assistant;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The offline model's rules: routing, recall parameters, planning, plan size, tool-protocol sanitising. */
class AssistantRulesTest {
    static final Profile GENERAL = new Profile("general", "anything", "", Set.of(), List.of("hello"));
    static final Profile SUPPORT = new Profile("support", "orders", "", Set.of(), List.of("order", "refund"));
    static final Profile BOOKING = new Profile("booking", "appointments", "", Set.of(), List.of("appointment", "book"));

    @Test
    void routesByKeywordsAndFallsBackWhenAmbiguous() {
        var all = List.of(GENERAL, SUPPORT, BOOKING);
        assertThat(OfflineRouter.route(all, "general", "Where is my order? I want a refund")).isEqualTo("support");
        assertThat(OfflineRouter.route(all, "general", "Book an appointment")).isEqualTo("booking");
        assertThat(OfflineRouter.route(all, "general", "refund my appointment")).as("tie").isEqualTo("general");
        assertThat(OfflineRouter.route(all, "general", "nice weather")).isEqualTo("general");
        assertThat(OfflineRouter.route(all, "general", "reorder")).as("whole words").isEqualTo("general");
    }

    @Test
    void recallParametersOnlyForMessagesThatReferBack() {
        var now = Instant.parse("2026-05-04T15:00:00Z");
        assertThat(RecallCues.extract("Where is my parcel?", now, ZoneId.of("UTC")).hasKeywords()).isFalse();
        var yesterday = RecallCues.extract("What did I say yesterday about the invoice?", now, ZoneId.of("UTC"));
        assertThat(yesterday.keywords()).containsExactly("invoice");
        assertThat(yesterday.from()).contains(Instant.parse("2026-05-03T00:00:00Z"));
        assertThat(yesterday.to()).contains(Instant.parse("2026-05-04T00:00:00Z"));
        var lastWeek = RecallCues.extract("remember the blue sofa from last week", now, ZoneId.of("UTC"));
        assertThat(lastWeek.keywords()).containsExactly("blue", "sofa");
        assertThat(lastWeek.from()).contains(Instant.parse("2026-04-27T15:00:00Z"));
    }

    @Test
    void plansTheToolsAQuestionAsksForAmongThoseAllowed() {
        var all = Set.of("get_time", "summarize_conversation", "list_open_tasks", "search_messages");
        assertThat(OfflinePlanner.plan("what time is it?", all, false).steps()).extracting(PlanStep::label)
                .containsExactly("get_time", "FINAL_RESPONSE");
        assertThat(OfflinePlanner.plan("what time is it?", Set.of(), false).steps()).extracting(PlanStep::label)
                .containsExactly("FINAL_RESPONSE");
        assertThat(OfflinePlanner.plan("recap so far and my open tasks", all, true).steps()).extracting(PlanStep::label)
                .containsExactly("ANALYZE", "summarize_conversation", "list_open_tasks", "FINAL_RESPONSE");
        var search = OfflinePlanner.plan("find the messages where I mentioned the sofa", all, false).steps().get(0);
        assertThat(search.tool()).isEqualTo("search_messages");
        assertThat(search.args()).isEqualTo(Map.of("query", "find sofa"));
    }

    @Test
    void aPlanKeepsAtMostSixSteps() {
        var plan = Plan.of(Collections.nCopies(9, PlanStep.analyze("x")));
        assertThat(plan.steps()).hasSize(Plan.MAX_STEPS);
        assertThat(plan.dropped()).isEqualTo(3);
    }

    @Test
    void toolProtocolLinesAreRemoved() {
        var text = "TOOL: {\"tool\":\"get_time\"}\n  tool: lower case too\nThe answer.\n{\"tool\": \"x\", \"args\": {}}\nBye";
        assertThat(ToolProtocol.sanitise(text)).isEqualTo("The answer.\nBye");
        assertThat(ToolProtocol.markerLines(text)).isEqualTo(3);
        assertThat(ToolProtocol.sanitise("TOOL: only")).isEmpty();
    }

    @Test
    void theOfflineAnswerUsesWhatWasRetrievedFirst() {
        var context = new AnswerComposer.Context("hi", GENERAL, List.of("It is 09:00."), List.of("Open 9-5"),
                List.of("earlier"));
        assertThat(AnswerComposer.compose(context)).isEqualTo("It is 09:00.");
        assertThat(AnswerComposer.compose(new AnswerComposer.Context("hi", GENERAL, List.of(), List.of("Open 9-5"),
                List.of()))).isEqualTo("Here is what our notes say: Open 9-5");
        assertThat(AnswerComposer.compose(new AnswerComposer.Context("Hello from the docs", GENERAL, List.of(),
                List.of(), List.of()))).startsWith("Hi! I'm the automated assistant here (general).");
        assertThat(AnswerComposer.compose(new AnswerComposer.Context("Can you fix my boiler?", GENERAL, List.of(),
                List.of(), List.of()))).startsWith("Thanks for your question.").doesNotContain("I don't know");
    }
}
