package dev.parley.adapter.playbooks;

import dev.parley.domain.fsm.FireResult;
import dev.parley.domain.fsm.LoadedPlaybook;
import dev.parley.domain.fsm.StateMachine;
import dev.parley.domain.fsm.Timer;
import dev.parley.domain.outreach.Extraction;
import dev.parley.domain.outreach.FollowUpPlan;
import dev.parley.domain.outreach.FollowUpQuestions;
import dev.parley.domain.outreach.GenealogyExtractor;
import dev.parley.domain.outreach.Intent;
import dev.parley.domain.outreach.OutreachActions;
import dev.parley.domain.outreach.OutreachContext;
import dev.parley.domain.outreach.OutreachGuards;
import dev.parley.domain.outreach.UnknownFact;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Seed 000 section 2.2, one case per table row, against the shipped {@code outreach.json}. */
class OutreachPlaybookTableTest {

    private static final LoadedPlaybook PLAYBOOK = PlaybookFiles.builtInOnly().load("outreach");
    private static final StateMachine<OutreachContext> FSM =
            StateMachine.of(PLAYBOOK.definition(), OutreachGuards.registry(), OutreachActions.ALL);

    private static final OutreachContext NONE = OutreachContext.empty();
    private static final Extraction WITH_DATA =
            new GenealogyExtractor().extract("My grandmother Mary O'Brien was born in Cork in 1890.");
    private static final FollowUpPlan MORE = new FollowUpQuestions(2).decide(Extraction.empty(), Set.of());
    private static final FollowUpPlan NO_MORE = new FollowUpQuestions(2).decide(WITH_DATA, Set.of(UnknownFact.values()));

    static Stream<Arguments> seedRows() {
        return Stream.of(
                arguments("1 Initial --send--> AwaitingReply", "Initial", "message_sent", NONE,
                        "AwaitingReply", List.of("log_initial_outreach")),
                arguments("2 PRODUCTIVE", "AwaitingReply", "message_received", NONE.withIntent(Intent.PRODUCTIVE),
                        "ProductiveEngagement", List.of("notify_user")),
                arguments("3a NEGATIVE", "AwaitingReply", "message_received", NONE.withIntent(Intent.NEGATIVE),
                        "Desist", List.of("set_status_desist")),
                arguments("3b STOP", "AwaitingReply", "message_received", NONE.withIntent(Intent.STOP),
                        "Desist", List.of("set_status_desist")),
                arguments("4a NEUTRAL", "AwaitingReply", "message_received", NONE.withIntent(Intent.NEUTRAL),
                        "Conclusion", List.of("archive_conversation")),
                arguments("4b POLITE", "AwaitingReply", "message_received", NONE.withIntent(Intent.POLITE),
                        "Conclusion", List.of("archive_conversation")),
                arguments("4c NOT_INTERESTED (seed diagram)", "AwaitingReply", "message_received",
                        NONE.withIntent(Intent.NOT_INTERESTED), "Conclusion",
                        List.of("archive_conversation", "send_decline_thanks")),
                arguments("5 timeout", "AwaitingReply", "timeout", NONE,
                        "Conclusion", List.of("archive_conversation")),
                arguments("6 has entities", "ProductiveEngagement", "data_check", NONE.withExtraction(WITH_DATA),
                        "ExtractionPending", List.of("queue_for_extraction")),
                arguments("7 no entities", "ProductiveEngagement", "data_check",
                        NONE.withExtraction(Extraction.empty()), "AwaitingReply", List.of("generate_reply")),
                arguments("8 extract", "ExtractionPending", "extract", NONE.withExtractionSucceeded(true),
                        "ExtractionComplete", List.of("create_todo_tasks")),
                arguments("9 more questions", "ExtractionComplete", "decide", NONE.withFollowUpPlan(MORE),
                        "AwaitingReply", List.of("generate_follow_up")),
                arguments("10 no more questions", "ExtractionComplete", "decide", NONE.withFollowUpPlan(NO_MORE),
                        "Conclusion", List.of("send_thank_you")),
                arguments("11 critical alert (Any)", "ExtractionPending", "critical_alert", NONE,
                        "HumanReview", List.of("stop_all_automation")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seedRows")
    void seedRow(String row, String from, String trigger, OutreachContext context, String to, List<String> actions) {
        assertThat(FSM.fire(from, trigger, context)).isInstanceOfSatisfying(FireResult.Moved.class, moved -> {
            assertThat(moved.to()).isEqualTo(to);
            assertThat(moved.actions()).isEqualTo(actions);
        });
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings =
            {"Initial", "AwaitingReply", "ProductiveEngagement", "ExtractionPending", "ExtractionComplete"})
    void criticalAlertFromEveryNonTerminalState(String state) {
        assertThat(FSM.fire(state, "critical_alert", NONE)).isInstanceOfSatisfying(FireResult.Moved.class,
                m -> assertThat(m.to()).isEqualTo("HumanReview"));
    }

    @Test
    void unclearIntentGoesToHumanReview() {
        assertThat(FSM.fire("AwaitingReply", "message_received", NONE.withIntent(Intent.UNCLEAR)))
                .isInstanceOfSatisfying(FireResult.Moved.class, m -> assertThat(m.to()).isEqualTo("HumanReview"));
    }

    @Test
    void failedExtractionGoesToHumanReview() {
        assertThat(FSM.fire("ExtractionPending", "extract", NONE.withExtractionSucceeded(false)))
                .isInstanceOfSatisfying(FireResult.Moved.class, m -> assertThat(m.to()).isEqualTo("HumanReview"));
    }

    @Test
    void followUpBeforeTimeoutIsOffByDefaultAndStaysWhenOn() {
        boolean setting = PLAYBOOK.settings().flag("follow_up_before_timeout", true);
        assertThat(setting).isFalse();
        assertThat(FSM.fire("AwaitingReply", "follow_up_due", NONE.withFollowUpEnabled(setting)))
                .isInstanceOf(FireResult.Rejected.class);
        assertThat(FSM.fire("AwaitingReply", "follow_up_due", NONE.withFollowUpEnabled(true)))
                .isInstanceOfSatisfying(FireResult.Moved.class, m -> {
                    assertThat(m.to()).isEqualTo("AwaitingReply");
                    assertThat(m.stateChanged()).isFalse();
                    assertThat(m.actions()).containsExactly("generate_follow_up");
                });
    }

    @Test
    void awaitingReplyTimers() {
        assertThat(FSM.timersFor("AwaitingReply")).containsExactly(
                new Timer("AwaitingReply", Duration.ofDays(14), "follow_up_due"),
                new Timer("AwaitingReply", Duration.ofDays(30), "timeout"));
    }

    @Test
    void operatorCanResumeConcludeOrDesistFromHumanReview() {
        assertThat(FSM.fire("HumanReview", "operator_resume", NONE)).isInstanceOfSatisfying(FireResult.Moved.class,
                m -> assertThat(m.to()).isEqualTo("AwaitingReply"));
        assertThat(FSM.fire("HumanReview", "operator_conclude", NONE)).isInstanceOfSatisfying(FireResult.Moved.class,
                m -> assertThat(m.to()).isEqualTo("Conclusion"));
        assertThat(FSM.fire("HumanReview", "operator_desist", NONE)).isInstanceOfSatisfying(FireResult.Moved.class,
                m -> assertThat(m.to()).isEqualTo("Desist"));
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"Conclusion", "Desist", "HumanReview"})
    void terminalStatesRejectAutomation(String state) {
        for (String trigger : List.of("message_received", "critical_alert", "timeout", "message_sent")) {
            assertThat(FSM.fire(state, trigger, NONE.withIntent(Intent.PRODUCTIVE)))
                    .isInstanceOf(FireResult.Rejected.class);
        }
    }

    @Test
    void noMatchingTransitionIsRejected() {
        assertThat(FSM.fire("Initial", "message_received", NONE.withIntent(Intent.PRODUCTIVE)))
                .isEqualTo(new FireResult.Rejected("Initial", "message_received",
                        "no transition for trigger 'message_received' from state 'Initial'"));
        assertThat(FSM.fire("AwaitingReply", "message_received", NONE)).isInstanceOfSatisfying(
                FireResult.Rejected.class, r -> assertThat(r.reason()).contains("no guard passed"));
    }

    @Test
    void templatesNeededByTheOutreachActionsExist() {
        assertThat(PLAYBOOK.templates().texts()).containsKeys("general_reply", "thank_you", "timeout_follow_up",
                FollowUpPlan.MESSAGE_TEMPLATE);
        for (UnknownFact fact : UnknownFact.values()) {
            assertThat(PLAYBOOK.templates().texts()).containsKey(fact.template());
        }
    }

    @Test
    void composedFollowUpHasNoRawPlaceholders() {
        Extraction bible = new GenealogyExtractor().extract("We still have the family bible somewhere.");
        FollowUpPlan plan = new FollowUpQuestions(PLAYBOOK.settings().integer("max_follow_up_questions", 1))
                .decide(bible, Set.of());
        String message = plan.compose(PLAYBOOK.templates(), Map.of("match_name", "Ann", "sender_name", "Joe"));
        assertThat(message).startsWith("Hi Ann,").contains("You mentioned the family bible.")
                .contains("names of the ancestors").doesNotContain("{");
    }
}
