package dev.parley.domain.fsm;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A playbook's state machine as data: states, the transition table and timers. Immutable and
 * structurally validated on construction (see {@link DefinitionChecks#structure}); guard and
 * action names are checked later, against code, by {@link StateMachine#of}.
 *
 * @param name        playbook name, e.g. {@code outreach}
 * @param source      where it came from, used in error messages, e.g. {@code outreach.json}
 * @param states      states in file order
 * @param transitions transition rows in table order (the first matching row wins)
 * @param timers      timers in file order
 * @throws PlaybookDefinitionException if the structure is invalid
 */
public record PlaybookDefinition(
        String name, String source, List<StateDef> states, List<Transition> transitions, List<Timer> timers) {

    public PlaybookDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        states = List.copyOf(states);
        transitions = List.copyOf(transitions);
        timers = List.copyOf(timers);
        List<DefinitionProblem> problems = DefinitionChecks.structure(source, states, transitions, timers);
        if (!problems.isEmpty()) {
            throw new PlaybookDefinitionException(problems);
        }
    }

    /** The single initial state. */
    public StateDef initialState() {
        return states.stream().filter(StateDef::initial).findFirst().orElseThrow();
    }

    /** The state with this name, if defined. */
    public Optional<StateDef> state(String stateName) {
        return states.stream().filter(s -> s.name().equals(stateName)).findFirst();
    }

    /** Whether {@code stateName} is defined and terminal. */
    public boolean isTerminal(String stateName) {
        return state(stateName).map(StateDef::terminal).orElse(false);
    }

    /** Whether row {@code t} applies to a conversation in {@code stateName} (ignoring trigger and guard). */
    public boolean appliesTo(Transition t, String stateName) {
        return t.from().equals(stateName) || (t.fromAny() && !isTerminal(stateName));
    }

    /** Rows that may fire from {@code stateName}, in table order. */
    public List<Transition> transitionsFrom(String stateName) {
        return transitions.stream().filter(t -> appliesTo(t, stateName)).toList();
    }

    /** Timers armed while in {@code stateName}, in file order. */
    public List<Timer> timersFor(String stateName) {
        return timers.stream().filter(t -> t.state().equals(stateName)).toList();
    }
}
