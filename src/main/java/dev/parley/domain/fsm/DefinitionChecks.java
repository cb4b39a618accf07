package dev.parley.domain.fsm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The validation rules for playbook definitions. Returns every problem found (not just the first)
 * so an operator editing a file fixes them in one pass.
 */
final class DefinitionChecks {

    /** States, triggers, guards and actions are identifiers so they survive Mermaid and logs. */
    static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

    private DefinitionChecks() {
    }

    static List<DefinitionProblem> structure(
            String source, List<StateDef> states, List<Transition> transitions, List<Timer> timers) {
        List<DefinitionProblem> problems = new ArrayList<>();
        Map<String, StateDef> byName = new HashMap<>();

        for (int i = 0; i < states.size(); i++) {
            StateDef s = states.get(i);
            String entry = "states[" + i + "]";
            if (!IDENTIFIER.matcher(s.name()).matches()) {
                problems.add(new DefinitionProblem(source, entry, "invalid state name '" + s.name() + "'"));
            } else if (byName.putIfAbsent(s.name(), s) != null) {
                problems.add(new DefinitionProblem(source, entry, "duplicate state '" + s.name() + "'"));
            }
        }
        List<String> initials = states.stream().filter(StateDef::initial).map(StateDef::name).toList();
        if (initials.size() != 1) {
            problems.add(new DefinitionProblem(source, "states",
                    "expected exactly one initial state, found " + initials.size()
                            + (initials.isEmpty() ? "" : " " + initials)));
        }

        for (int i = 0; i < transitions.size(); i++) {
            Transition t = transitions.get(i);
            String entry = "transitions[" + i + "]";
            if (!t.fromAny() && !byName.containsKey(t.from())) {
                problems.add(new DefinitionProblem(source, entry, "unknown state '" + t.from() + "'"));
            }
            if (Transition.ANY.equals(t.to())) {
                problems.add(new DefinitionProblem(source, entry, "'*' is only allowed in 'from'"));
            } else if (!byName.containsKey(t.to())) {
                problems.add(new DefinitionProblem(source, entry, "unknown state '" + t.to() + "'"));
            }
            checkIdentifier(problems, source, entry, "trigger", t.trigger());
            t.guard().ifPresent(g -> checkIdentifier(problems, source, entry, "guard", g));
            t.actions().forEach(a -> checkIdentifier(problems, source, entry, "action", a));
        }

        for (int i = 0; i < timers.size(); i++) {
            Timer timer = timers.get(i);
            String entry = "timers[" + i + "]";
            checkIdentifier(problems, source, entry, "trigger", timer.trigger());
            if (timer.after().isNegative() || timer.after().isZero()) {
                problems.add(new DefinitionProblem(source, entry, "'after' must be positive, got " + timer.after()));
            }
            if (!byName.containsKey(timer.state())) {
                problems.add(new DefinitionProblem(source, entry, "unknown state '" + timer.state() + "'"));
                continue;
            }
            boolean terminal = byName.get(timer.state()).terminal();
            boolean handled = transitions.stream().anyMatch(t -> t.trigger().equals(timer.trigger())
                    && (t.from().equals(timer.state()) || (t.fromAny() && !terminal)));
            if (!handled) {
                problems.add(new DefinitionProblem(source, entry, "no transition for trigger '" + timer.trigger()
                        + "' from state '" + timer.state() + "'"));
            }
        }

        if (problems.isEmpty()) {
            // Graph checks only make sense once every name resolves.
            graphChecks(problems, source, states, transitions, timers);
        }
        return problems;
    }

    private static void graphChecks(List<DefinitionProblem> problems, String source,
            List<StateDef> states, List<Transition> transitions, List<Timer> timers) {
        Map<String, StateDef> byName = new HashMap<>();
        states.forEach(s -> byName.put(s.name(), s));
        String initial = states.stream().filter(StateDef::initial).findFirst().orElseThrow().name();

        Set<String> reached = new LinkedHashSet<>();
        Deque<String> queue = new ArrayDeque<>(List.of(initial));
        while (!queue.isEmpty()) {
            String current = queue.poll();
            if (!reached.add(current)) {
                continue;
            }
            boolean terminal = byName.get(current).terminal();
            for (Transition t : transitions) {
                if (t.from().equals(current) || (t.fromAny() && !terminal)) {
                    queue.add(t.to());
                }
            }
        }

        for (int i = 0; i < states.size(); i++) {
            StateDef s = states.get(i);
            String entry = "states[" + i + "]";
            if (!reached.contains(s.name())) {
                problems.add(new DefinitionProblem(source, entry,
                        "state '" + s.name() + "' is unreachable from initial state '" + initial + "'"));
            }
            if (!s.terminal()) {
                boolean wayOut = transitions.stream().anyMatch(t -> t.from().equals(s.name()) || t.fromAny())
                        || timers.stream().anyMatch(t -> t.state().equals(s.name()));
                if (!wayOut) {
                    problems.add(new DefinitionProblem(source, entry, "non-terminal state '" + s.name()
                            + "' has no way out (no transition from it or from '*', and no timer)"));
                }
            }
        }
    }

    /** Checks guard and action names against what the code registered. */
    static List<DefinitionProblem> vocabulary(PlaybookDefinition definition, Set<String> guards, Set<String> actions) {
        List<DefinitionProblem> problems = new ArrayList<>();
        List<Transition> transitions = definition.transitions();
        for (int i = 0; i < transitions.size(); i++) {
            Transition t = transitions.get(i);
            String entry = "transitions[" + i + "]";
            t.guard().filter(g -> !guards.contains(g)).ifPresent(g ->
                    problems.add(new DefinitionProblem(definition.source(), entry, "unknown guard '" + g + "'")));
            for (String action : t.actions()) {
                if (!actions.contains(action)) {
                    problems.add(new DefinitionProblem(definition.source(), entry, "unknown action '" + action + "'"));
                }
            }
        }
        return problems;
    }

    private static void checkIdentifier(List<DefinitionProblem> problems, String source, String entry,
            String what, String value) {
        if (!IDENTIFIER.matcher(value).matches()) {
            problems.add(new DefinitionProblem(source, entry, "invalid " + what + " name '" + value + "'"));
        }
    }
}
