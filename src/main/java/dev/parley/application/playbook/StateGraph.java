package dev.parley.application.playbook;

import java.util.List;

/**
 * A playbook's state machine as a picture: its states and transitions, for the console's diagram. Playbooks that
 * implement {@link DescribesTransitions} contribute their transitions; others show their states only.
 */
public record StateGraph(String initialState, List<String> states, List<Transition> transitions) {

    /** One edge of the diagram: {@code trigger} moves a conversation from {@code from} to {@code to}. */
    public record Transition(String from, String to, String trigger) {
    }

    /** A transition table as diagram edges: a row from {@code *} is drawn from every state it applies to. */
    public static List<Transition> transitionsOf(dev.parley.domain.fsm.PlaybookDefinition definition) {
        return definition.transitions().stream()
                .flatMap(t -> definition.states().stream().map(dev.parley.domain.fsm.StateDef::name)
                        .filter(state -> definition.appliesTo(t, state))
                        .map(state -> new Transition(state, t.to(), t.trigger())))
                .distinct().toList();
    }

    /** The state names of a definition, in file order. */
    public static java.util.Set<String> statesOf(dev.parley.domain.fsm.PlaybookDefinition definition) {
        var names = new java.util.LinkedHashSet<String>();
        definition.states().forEach(s -> names.add(s.name()));
        return names;
    }

    public static StateGraph of(Playbook playbook) {
        var transitions = playbook instanceof DescribesTransitions d ? d.transitions() : List.<Transition>of();
        var states = new java.util.ArrayList<String>();
        states.add(playbook.initialState());
        playbook.states().stream().sorted().filter(s -> !s.equals(playbook.initialState())).forEach(states::add);
        return new StateGraph(playbook.initialState(), List.copyOf(states), List.copyOf(transitions));
    }
}
