package dev.parley.adapter.ui.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.playbook.StateGraph;
import dev.parley.application.playbook.StateGraph.Transition;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiagramLayoutTest {
    static final StateGraph OUTREACH = new StateGraph("Initial",
            List.of("Initial", "AwaitingReply", "ProductiveEngagement", "HumanReview", "Desist", "Conclusion"),
            List.of(new Transition("Initial", "AwaitingReply", "sent"),
                    new Transition("AwaitingReply", "ProductiveEngagement", "reply"),
                    new Transition("AwaitingReply", "HumanReview", "critical"),
                    new Transition("ProductiveEngagement", "Conclusion", "done"),
                    new Transition("HumanReview", "AwaitingReply", "unblock")));

    @Test
    void layersAreBreadthFirstDistancesFromTheInitialState() {
        var layout = DiagramLayout.of(OUTREACH);
        assertThat(layout.box("Initial").layer()).isZero();
        assertThat(layout.box("AwaitingReply").layer()).isEqualTo(1);
        assertThat(layout.box("ProductiveEngagement").layer()).isEqualTo(2);
        assertThat(layout.box("HumanReview").layer()).isEqualTo(2);
        assertThat(layout.box("Conclusion").layer()).isEqualTo(3);
        assertThat(layout.box("Desist").layer()).as("unreachable: last layer").isEqualTo(4);
        assertThat(layout.widest()).isEqualTo(2);
        assertThat(layout.box("ProductiveEngagement").slot()).isNotEqualTo(layout.box("HumanReview").slot());
    }

    @Test
    void aPlaybookWithoutTransitionsShowsItsStates() {
        var layout = DiagramLayout.of(new StateGraph("Open", List.of("Open"), List.of()));
        assertThat(layout.boxes()).extracting(DiagramLayout.Box::state).containsExactly("Open");
        assertThat(layout.layers()).isEqualTo(1);
    }
}
