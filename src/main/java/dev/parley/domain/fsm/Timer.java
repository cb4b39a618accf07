package dev.parley.domain.fsm;

import java.time.Duration;
import java.util.Objects;

/**
 * A timer armed while a conversation sits in {@code state}: once {@code after} has elapsed since
 * the conversation <em>entered</em> the state, the caller fires {@code trigger}.
 *
 * <p>Semantics the caller must honour: timers are (re)armed only when the state actually changes;
 * a self-transition ({@code from == to}) keeps the running timers, and each timer fires at most
 * once per entry. That is what makes a "send one follow-up, keep waiting" row possible.
 */
public record Timer(String state, Duration after, String trigger) {

    public Timer {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(trigger, "trigger");
    }

    /** {@code after} as written in playbook files: whole days as {@code P30D}, otherwise {@code PT12H}. */
    public String afterText() {
        // Duration.toString() would print P30D as PT720H, which nobody writes in a playbook.
        long seconds = after.getSeconds();
        if (after.getNano() == 0 && seconds % 86_400 == 0) {
            return "P" + seconds / 86_400 + "D";
        }
        return after.toString();
    }
}
