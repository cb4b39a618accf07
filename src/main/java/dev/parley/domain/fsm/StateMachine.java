package dev.parley.domain.fsm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Executes a {@link PlaybookDefinition} against named guards registered in code.
 *
 * <p>Matching rule: rows are tried in <b>table order</b> and the first row whose {@code from}
 * applies (the exact state, or {@code *} for any non-terminal state), whose trigger is equal and
 * whose guard (if any) passes wins. Table order rather than "specific before {@code *}" keeps the
 * rule visible in the file: put a {@code *} row first to make it take precedence everywhere.
 *
 * <p>The machine is stateless; the caller stores each conversation's current state, runs the
 * returned actions and arms {@link #timersFor timers}.
 *
 * @param <C> context passed to guards
 */
public final class StateMachine<C> {

    private final PlaybookDefinition definition;
    private final Map<String, Guard<? super C>> guards;
    /**
     * Per defined state, the rows that may fire from it and the timers it arms, as the definition lists them: looked
     * up once here rather than filtered out of the whole table on every trigger (issue 17's demo profile).
     */
    private final Map<String, List<Transition>> rowsFrom;
    private final Map<String, List<Timer>> timersIn;

    private StateMachine(PlaybookDefinition definition, Map<String, Guard<? super C>> guards) {
        this.definition = definition;
        this.guards = Map.copyOf(guards);
        Map<String, List<Transition>> rows = new HashMap<>();
        Map<String, List<Timer>> timers = new HashMap<>();
        for (StateDef state : definition.states()) {
            rows.put(state.name(), definition.transitionsFrom(state.name()));
            timers.put(state.name(), definition.timersFor(state.name()));
        }
        this.rowsFrom = Map.copyOf(rows);
        this.timersIn = Map.copyOf(timers);
    }

    /**
     * Binds a definition to code.
     *
     * @param guards  guard name → predicate; every guard the definition names must be here
     * @param actions action names the caller knows how to execute; every action named must be here
     * @throws PlaybookDefinitionException naming each row with an unknown guard or action
     */
    public static <C> StateMachine<C> of(
            PlaybookDefinition definition, Map<String, ? extends Guard<? super C>> guards, Set<String> actions) {
        List<DefinitionProblem> problems = DefinitionChecks.vocabulary(definition, guards.keySet(), actions);
        if (!problems.isEmpty()) {
            throw new PlaybookDefinitionException(problems);
        }
        return new StateMachine<>(definition, Map.copyOf(guards));
    }

    public PlaybookDefinition definition() {
        return definition;
    }

    /** Name of the state new conversations start in. */
    public String initialState() {
        return definition.initialState().name();
    }

    /**
     * Fires {@code trigger} for a conversation in {@code currentState}.
     *
     * @throws IllegalArgumentException if {@code currentState} is not defined (stored data and
     *                                  playbook disagree: a bug, not a rejected trigger)
     */
    public FireResult fire(String currentState, String trigger, C context) {
        List<Transition> rows = currentState == null ? null : rowsFrom.get(currentState);
        if (rows == null) {
            throw new IllegalArgumentException(
                    definition.source() + ": unknown state '" + currentState + "'");
        }
        List<String> failedGuards = new ArrayList<>();
        for (Transition t : rows) {
            if (!t.trigger().equals(trigger)) {
                continue;
            }
            if (t.guard().isEmpty() || guards.get(t.guard().get()).test(context)) {
                return new FireResult.Moved(currentState, t.to(), trigger, t.guard(), t.actions());
            }
            failedGuards.add(t.guard().get());
        }
        String reason = failedGuards.isEmpty()
                ? "no transition for trigger '" + trigger + "' from state '" + currentState + "'"
                : "no guard passed for trigger '" + trigger + "' from state '" + currentState + "' (tried "
                        + String.join(", ", failedGuards) + ")";
        return new FireResult.Rejected(currentState, trigger, reason);
    }

    /** Timers to arm when a conversation enters {@code state}. */
    public List<Timer> timersFor(String state) {
        List<Timer> timers = state == null ? null : timersIn.get(state);
        return timers != null ? timers : definition.timersFor(state);
    }
}
