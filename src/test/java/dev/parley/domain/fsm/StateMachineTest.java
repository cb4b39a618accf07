package dev.parley.domain.fsm;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StateMachineTest {

    private static final Map<String, Guard<String>> GUARDS = Map.of(
            "is_yes", "yes"::equals,
            "is_no", "no"::equals);
    private static final Set<String> ACTIONS = Set.of("ask", "close", "escalate", "nudge");

    private static PlaybookDefinition definition(List<Transition> transitions) {
        return new PlaybookDefinition("test", "test.json",
                List.of(new StateDef("Open", true, false, "open"),
                        new StateDef("Waiting", false, false, "waiting"),
                        new StateDef("Closed", false, true, "closed"),
                        new StateDef("Review", false, true, "review")),
                transitions,
                List.of(new Timer("Waiting", Duration.ofDays(30), "timeout"),
                        new Timer("Waiting", Duration.ofDays(14), "nudge_due")));
    }

    private static final List<Transition> TABLE = List.of(
            Transition.of("Open", "sent", "Waiting", "ask"),
            Transition.guarded("Waiting", "reply", "is_yes", "Open"),
            Transition.guarded("Waiting", "reply", "is_no", "Closed", "close"),
            Transition.of("Waiting", "nudge_due", "Waiting", "nudge"),
            Transition.of("Waiting", "timeout", "Closed", "close"),
            Transition.of("*", "alert", "Review", "escalate"),
            Transition.of("Review", "resume", "Waiting"));

    private final StateMachine<String> machine = StateMachine.of(definition(TABLE), GUARDS, ACTIONS);

    @Test
    void movesOnUnguardedRow() {
        assertThat(machine.fire("Open", "sent", ""))
                .isEqualTo(new FireResult.Moved("Open", "Waiting", "sent", Optional.empty(), List.of("ask")));
    }

    @Test
    void guardSelectsTheRow() {
        assertThat(machine.fire("Waiting", "reply", "no"))
                .isEqualTo(new FireResult.Moved("Waiting", "Closed", "reply", Optional.of("is_no"), List.of("close")));
        assertThat(machine.fire("Waiting", "reply", "yes"))
                .isInstanceOfSatisfying(FireResult.Moved.class, m -> assertThat(m.to()).isEqualTo("Open"));
    }

    @Test
    void rejectsWhenNoRowHasTheTrigger() {
        assertThat(machine.fire("Open", "reply", "yes")).isEqualTo(new FireResult.Rejected("Open", "reply",
                "no transition for trigger 'reply' from state 'Open'"));
    }

    @Test
    void rejectsWhenNoGuardPassesAndNamesTheGuardsTried() {
        assertThat(machine.fire("Waiting", "reply", "maybe"))
                .isInstanceOfSatisfying(FireResult.Rejected.class, r -> assertThat(r.reason())
                        .isEqualTo("no guard passed for trigger 'reply' from state 'Waiting' (tried is_yes, is_no)"));
    }

    @Test
    void wildcardAppliesToNonTerminalStatesOnly() {
        assertThat(machine.fire("Open", "alert", "")).isInstanceOf(FireResult.Moved.class);
        assertThat(machine.fire("Waiting", "alert", "")).isInstanceOf(FireResult.Moved.class);
        assertThat(machine.fire("Closed", "alert", "")).isInstanceOf(FireResult.Rejected.class);
    }

    @Test
    void terminalStateLeavesOnlyThroughExplicitRows() {
        assertThat(machine.fire("Review", "resume", ""))
                .isEqualTo(new FireResult.Moved("Review", "Waiting", "resume", Optional.empty(), List.of()));
    }

    @Test
    void firstMatchingRowInTableOrderWins() {
        List<Transition> wildcardFirst = List.of(
                Transition.of("*", "alert", "Review", "escalate"),
                Transition.of("Open", "sent", "Waiting"),
                Transition.of("Waiting", "alert", "Closed", "close"),
                Transition.of("Waiting", "timeout", "Closed"),
                Transition.of("Waiting", "nudge_due", "Waiting"));
        StateMachine<String> m = StateMachine.of(definition(wildcardFirst), GUARDS, ACTIONS);
        assertThat(m.fire("Waiting", "alert", ""))
                .isInstanceOfSatisfying(FireResult.Moved.class, moved -> assertThat(moved.to()).isEqualTo("Review"));
    }

    @Test
    void selfTransitionDoesNotChangeState() {
        assertThat(machine.fire("Waiting", "nudge_due", ""))
                .isInstanceOfSatisfying(FireResult.Moved.class, m -> assertThat(m.stateChanged()).isFalse());
        assertThat(machine.fire("Open", "sent", ""))
                .isInstanceOfSatisfying(FireResult.Moved.class, m -> assertThat(m.stateChanged()).isTrue());
    }

    @Test
    void unknownCurrentStateIsABug() {
        assertThatThrownBy(() -> machine.fire("Nowhere", "sent", ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("test.json: unknown state 'Nowhere'");
    }

    @Test
    void timersForState() {
        assertThat(machine.timersFor("Waiting")).extracting(Timer::trigger).containsExactly("timeout", "nudge_due");
        assertThat(machine.timersFor("Open")).isEmpty();
        assertThat(machine.timersFor("Waiting").getFirst().afterText()).isEqualTo("P30D");
        assertThat(new Timer("Waiting", Duration.ofHours(12), "t").afterText()).isEqualTo("PT12H");
    }

    @Test
    void initialState() {
        assertThat(machine.initialState()).isEqualTo("Open");
    }
}
