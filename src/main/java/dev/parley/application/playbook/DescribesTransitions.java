package dev.parley.application.playbook;

import java.util.List;

/**
 * Implemented by playbooks whose state machine is a transition table (the FSM engine), so the console can draw it.
 * Order matters only for layout stability.
 */
public interface DescribesTransitions {
    List<StateGraph.Transition> transitions();
}
