package dev.parley.domain.fsm;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One row of a playbook's transition table.
 *
 * @param from    source state name, or {@link #ANY} to match every non-terminal state
 * @param trigger event name that fires this row (e.g. {@code message_received})
 * @param guard   optional name of a registered {@link Guard}; the row only matches when it passes
 * @param to      target state name
 * @param actions names of actions the caller executes when the row fires, in order
 */
public record Transition(String from, String trigger, Optional<String> guard, String to, List<String> actions) {

    /** Wildcard {@code from}: matches every non-terminal state. */
    public static final String ANY = "*";

    public Transition {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(guard, "guard");
        Objects.requireNonNull(to, "to");
        actions = List.copyOf(actions);
    }

    /** Convenience for rows without a guard. */
    public static Transition of(String from, String trigger, String to, String... actions) {
        return new Transition(from, trigger, Optional.empty(), to, List.of(actions));
    }

    /** Convenience for guarded rows. */
    public static Transition guarded(String from, String trigger, String guard, String to, String... actions) {
        return new Transition(from, trigger, Optional.of(guard), to, List.of(actions));
    }

    /** Whether this row's {@code from} is the wildcard. */
    public boolean fromAny() {
        return ANY.equals(from);
    }
}
