package dev.parley.domain.assistant;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One step of an assistant plan (seed 001 step 8): {@code ANALYZE} (with what to look at), a tool call
 * ({@code TOOL} with the tool's name and arguments), {@code FINAL_RESPONSE}, or anything else (unknown: logged and
 * skipped).
 */
public record PlanStep(String action, String tool, Map<String, Object> args, String input) {
    public static final String ANALYZE = "ANALYZE";
    public static final String TOOL = "TOOL";
    public static final String FINAL_RESPONSE = "FINAL_RESPONSE";

    public PlanStep {
        action = Objects.requireNonNullElse(action, "").strip().toUpperCase(Locale.ROOT);
        args = args == null ? Map.of() : Map.copyOf(args);
        input = input == null ? "" : input;
    }

    public static PlanStep analyze(String input) {
        return new PlanStep(ANALYZE, null, Map.of(), input);
    }

    public static PlanStep tool(String name, Map<String, Object> args) {
        return new PlanStep(TOOL, name, args, null);
    }

    public static PlanStep finalResponse() {
        return new PlanStep(FINAL_RESPONSE, null, Map.of(), null);
    }

    /** A short label for the timeline and transcripts: the action, or the tool's name for a tool step. */
    public String label() {
        return TOOL.equals(action) && tool != null ? tool : action;
    }
}
