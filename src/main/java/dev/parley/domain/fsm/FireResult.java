package dev.parley.domain.fsm;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Outcome of {@link StateMachine#fire}: the conversation either moved or the trigger was rejected. */
public sealed interface FireResult {

    /**
     * A row matched. The caller persists {@code to} and executes {@code actions} in order.
     *
     * @param guard the guard that passed, if the row had one
     */
    record Moved(String from, String to, String trigger, Optional<String> guard, List<String> actions)
            implements FireResult {

        public Moved {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(trigger, "trigger");
            Objects.requireNonNull(guard, "guard");
            actions = List.copyOf(actions);
        }

        /** False for a self-transition, which must not re-arm the state's timers. */
        public boolean stateChanged() {
            return !from.equals(to);
        }
    }

    /**
     * No row matched; the conversation stays in {@code state}.
     *
     * @param reason human-readable explanation for logs and the operator console
     */
    record Rejected(String state, String trigger, String reason) implements FireResult {
    }
}
