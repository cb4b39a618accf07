package dev.parley.adapter.ui.conversation;

import dev.parley.application.playbook.StateGraph;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A simple layered layout of a state graph: layer = shortest distance from the initial state (breadth first),
 * unreachable states in a last layer; states keep their graph order within a layer.
 */
public record DiagramLayout(List<Box> boxes, List<StateGraph.Transition> edges, int layers, int widest) {

    /** A state's place: {@code layer} top to bottom, {@code slot} left to right. */
    public record Box(String state, int layer, int slot) {
    }

    public static DiagramLayout of(StateGraph graph) {
        var layerOf = new LinkedHashMap<String, Integer>();
        var queue = new ArrayDeque<String>();
        layerOf.put(graph.initialState(), 0);
        queue.add(graph.initialState());
        while (!queue.isEmpty()) {
            var state = queue.poll();
            for (var t : graph.transitions()) {
                if (t.from().equals(state) && !layerOf.containsKey(t.to())) {
                    layerOf.put(t.to(), layerOf.get(state) + 1);
                    queue.add(t.to());
                }
            }
        }
        int last = layerOf.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        for (var state : graph.states()) {
            if (!layerOf.containsKey(state)) layerOf.put(state, last + 1);
        }
        Map<Integer, Integer> used = new LinkedHashMap<>();
        var boxes = new ArrayList<Box>();
        for (var state : graph.states()) {
            int layer = layerOf.get(state);
            int slot = used.merge(layer, 1, Integer::sum) - 1;
            boxes.add(new Box(state, layer, slot));
        }
        int layers = boxes.stream().mapToInt(Box::layer).max().orElse(0) + 1;
        int widest = used.values().stream().mapToInt(Integer::intValue).max().orElse(1);
        return new DiagramLayout(List.copyOf(boxes), graph.transitions(), layers, widest);
    }

    public Box box(String state) {
        return boxes.stream().filter(b -> b.state().equals(state)).findFirst().orElse(null);
    }

    /** How many states share {@code layer}. */
    public int width(int layer) {
        return (int) boxes.stream().filter(b -> b.layer() == layer).count();
    }
}
