package dev.parley.domain.assistant;

import java.util.List;

/** An explicit plan of at most {@link #MAX_STEPS} steps (seed 001 step 8: "a small, safe number of steps"). */
public record Plan(List<PlanStep> steps, int dropped) {
    public static final int MAX_STEPS = 6;

    /** Keeps the first {@link #MAX_STEPS} steps; {@code dropped} says how many more there were. */
    public static Plan of(List<PlanStep> steps) {
        return steps.size() <= MAX_STEPS ? new Plan(List.copyOf(steps), 0)
                : new Plan(List.copyOf(steps.subList(0, MAX_STEPS)), steps.size() - MAX_STEPS);
    }

    public boolean isEmpty() {
        return steps.isEmpty();
    }
}
