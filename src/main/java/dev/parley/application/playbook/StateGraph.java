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

    public static StateGraph of(Playbook playbook) {
        var transitions = playbook instanceof DescribesTransitions d ? d.transitions() : List.<Transition>of();
        var states = new java.util.ArrayList<String>();
        states.add(playbook.initialState());
        playbook.states().stream().sorted().filter(s -> !s.equals(playbook.initialState())).forEach(states::add);
        return new StateGraph(playbook.initialState(), List.copyOf(states), List.copyOf(transitions));
    }
}
