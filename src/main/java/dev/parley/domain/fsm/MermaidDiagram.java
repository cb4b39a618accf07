package dev.parley.domain.fsm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Renders a definition as a Mermaid {@code stateDiagram-v2}. Wildcard rows are expanded to one
 * edge per non-terminal state, so the picture shows exactly what {@link StateMachine#fire} allows;
 * timer triggers are labelled with their delay.
 */
public final class MermaidDiagram {

    private MermaidDiagram() {
    }

    /** The diagram source, without the surrounding Markdown fence; lines end with {@code \n}. */
    public static String render(PlaybookDefinition definition) {
        List<String> lines = new ArrayList<>();
        lines.add("stateDiagram-v2");
        for (StateDef s : definition.states()) {
            if (!s.description().isBlank()) {
                lines.add("    " + s.name() + " : " + label(s.description()));
            }
        }
        lines.add("    [*] --> " + definition.initialState().name());
        for (Transition t : definition.transitions()) {
            List<String> sources = t.fromAny()
                    ? definition.states().stream().filter(s -> !s.terminal()).map(StateDef::name).toList()
                    : List.of(t.from());
            for (String from : sources) {
                lines.add("    " + from + " --> " + t.to() + " : " + edgeLabel(definition, from, t));
            }
        }
        for (StateDef s : definition.states()) {
            if (s.terminal()) {
                lines.add("    " + s.name() + " --> [*]");
            }
        }
        return String.join("\n", lines) + "\n";
    }

    private static String edgeLabel(PlaybookDefinition definition, String from, Transition t) {
        StringBuilder label = new StringBuilder(t.trigger());
        Optional<Timer> timer = definition.timersFor(from).stream()
                .filter(tm -> tm.trigger().equals(t.trigger())).findFirst();
        timer.ifPresent(tm -> label.append(" after ").append(tm.afterText()));
        t.guard().ifPresent(g -> label.append(" if ").append(g));
        if (!t.actions().isEmpty()) {
            label.append(" / ").append(String.join(", ", t.actions()));
        }
        return label.toString();
    }

    /** Mermaid ends a label at ':' or a line break and chokes on some punctuation; keep text plain. */
    private static String label(String text) {
        return text.replaceAll("[\\r\\n]+", " ").replace(":", " -").replace(";", ",")
                .replace("{", "(").replace("}", ")").strip();
    }
}
