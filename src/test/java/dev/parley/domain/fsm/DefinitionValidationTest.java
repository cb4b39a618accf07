package dev.parley.domain.fsm;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each structural or vocabulary problem is reported with file and entry. */
class DefinitionValidationTest {

    private static final StateDef OPEN = new StateDef("Open", true, false, "");
    private static final StateDef DONE = new StateDef("Done", false, true, "");

    private static PlaybookDefinition build(List<StateDef> states, List<Transition> transitions, List<Timer> timers) {
        return new PlaybookDefinition("p", "p.json", states, transitions, timers);
    }

    private static List<Transition> valid() {
        return new ArrayList<>(List.of(Transition.of("Open", "finish", "Done", "log")));
    }

    @Test
    void validDefinitionBuilds() {
        assertThat(build(List.of(OPEN, DONE), valid(), List.of()).initialState()).isEqualTo(OPEN);
    }

    @Test
    void unknownStateInTransition() {
        List<Transition> rows = valid();
        rows.add(Transition.of("Open", "x", "Open"));
        rows.add(Transition.of("Open", "y", "Open"));
        rows.add(Transition.of("Open", "z", "Open"));
        rows.add(Transition.of("Open", "oops", "Foo"));
        assertThatThrownBy(() -> build(List.of(OPEN, DONE), rows, List.of()))
                .isInstanceOf(PlaybookDefinitionException.class)
                .hasMessage("p.json: transitions[4]: unknown state 'Foo'");
    }

    @Test
    void unknownFromState() {
        List<Transition> rows = valid();
        rows.add(Transition.of("Bar", "x", "Done"));
        assertThatThrownBy(() -> build(List.of(OPEN, DONE), rows, List.of()))
                .hasMessage("p.json: transitions[1]: unknown state 'Bar'");
    }

    @Test
    void wildcardOnlyInFrom() {
        List<Transition> rows = valid();
        rows.add(Transition.of("Open", "x", "*"));
        assertThatThrownBy(() -> build(List.of(OPEN, DONE), rows, List.of()))
                .hasMessage("p.json: transitions[1]: '*' is only allowed in 'from'");
    }

    @Test
    void unknownStateInTimer() {
        assertThatThrownBy(() -> build(List.of(OPEN, DONE), valid(),
                List.of(new Timer("Later", Duration.ofDays(1), "finish"))))
                .hasMessage("p.json: timers[0]: unknown state 'Later'");
    }

    @Test
    void timerTriggerWithoutTransition() {
        assertThatThrownBy(() -> build(List.of(OPEN, DONE), valid(),
                List.of(new Timer("Open", Duration.ofDays(1), "ring"))))
                .hasMessage("p.json: timers[0]: no transition for trigger 'ring' from state 'Open'");
    }

    @Test
    void timerMustBePositive() {
        assertThatThrownBy(() -> build(List.of(OPEN, DONE), valid(),
                List.of(new Timer("Open", Duration.ZERO, "finish"))))
                .hasMessage("p.json: timers[0]: 'after' must be positive, got PT0S");
    }

    @Test
    void noInitialState() {
        assertThatThrownBy(() -> build(List.of(new StateDef("Open", false, false, ""), DONE), valid(), List.of()))
                .hasMessage("p.json: states: expected exactly one initial state, found 0");
    }

    @Test
    void twoInitialStates() {
        assertThatThrownBy(() -> build(List.of(OPEN, new StateDef("Done", true, true, "")), valid(), List.of()))
                .hasMessage("p.json: states: expected exactly one initial state, found 2 [Open, Done]");
    }

    @Test
    void duplicateState() {
        assertThatThrownBy(() -> build(List.of(OPEN, DONE, DONE), valid(), List.of()))
                .hasMessage("p.json: states[2]: duplicate state 'Done'");
    }

    @Test
    void invalidNames() {
        assertThatThrownBy(() -> build(List.of(OPEN, DONE), List.of(Transition.of("Open", "fin ish", "Done")),
                List.of()))
                .hasMessage("p.json: transitions[0]: invalid trigger name 'fin ish'");
    }

    @Test
    void unreachableState() {
        assertThatThrownBy(() -> build(List.of(OPEN, DONE, new StateDef("Island", false, true, "")), valid(),
                List.of()))
                .hasMessage("p.json: states[2]: state 'Island' is unreachable from initial state 'Open'");
    }

    @Test
    void terminalStateDoesNotReachThroughWildcard() {
        // Island is only reachable from Done via '*', which does not apply to terminal states.
        List<Transition> rows = List.of(Transition.of("Open", "finish", "Done"));
        PlaybookDefinitionException e = org.junit.jupiter.api.Assertions.assertThrows(PlaybookDefinitionException.class,
                () -> build(List.of(new StateDef("Open", true, true, ""), DONE,
                        new StateDef("Island", false, true, "")), List.of(rows.getFirst(),
                        Transition.of("*", "drift", "Island")), List.of()));
        assertThat(e.problems()).extracting(DefinitionProblem::toString)
                .contains("p.json: states[2]: state 'Island' is unreachable from initial state 'Open'");
    }

    @Test
    void nonTerminalDeadEnd() {
        StateDef stuck = new StateDef("Stuck", false, false, "");
        List<Transition> rows = valid();
        rows.add(Transition.of("Open", "wander", "Stuck"));
        assertThatThrownBy(() -> build(List.of(OPEN, DONE, stuck), rows, List.of()))
                .hasMessage("p.json: states[2]: non-terminal state 'Stuck' has no way out"
                        + " (no transition from it or from '*', and no timer)");
    }

    @Test
    void wildcardOrTimerIsAWayOut() {
        StateDef stuck = new StateDef("Stuck", false, false, "");
        List<Transition> rows = valid();
        rows.add(Transition.of("Open", "wander", "Stuck"));
        rows.add(Transition.of("*", "alert", "Done"));
        assertThat(build(List.of(OPEN, DONE, stuck), rows, List.of()).states()).hasSize(3);
    }

    @Test
    void reportsEveryProblemAtOnce() {
        List<Transition> rows = List.of(Transition.of("Open", "a", "Foo"), Transition.of("Bar", "b", "Done"));
        PlaybookDefinitionException e = org.junit.jupiter.api.Assertions.assertThrows(
                PlaybookDefinitionException.class, () -> build(List.of(OPEN, DONE), rows, List.of()));
        assertThat(e.problems()).extracting(DefinitionProblem::entry).containsExactly("transitions[0]", "transitions[1]");
    }

    @Test
    void unknownGuardAndActionAreRejectedWhenBindingToCode() {
        PlaybookDefinition def = build(List.of(OPEN, DONE),
                List.of(Transition.guarded("Open", "finish", "is_ready", "Done", "log", "shout")), List.of());
        assertThatThrownBy(() -> StateMachine.of(def, Map.<String, Guard<Object>>of(), Set.of("log")))
                .isInstanceOf(PlaybookDefinitionException.class)
                .hasMessage("p.json: transitions[0]: unknown guard 'is_ready'\n"
                        + "p.json: transitions[0]: unknown action 'shout'");
    }
}
