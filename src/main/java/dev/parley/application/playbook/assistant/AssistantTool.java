package dev.parley.application.playbook.assistant;

import java.util.Map;

/** A tool the assistant's plan may call: a name, one line of description, an example of its arguments. */
public interface AssistantTool {

    /** What a tool call came to; {@code text} is what the answer may use (already redacted). */
    record Outcome(Status status, String text) {
        public enum Status { OK, NO_RESULTS, FAILED, NOT_ALLOWED }

        public static Outcome ok(String text) {
            return new Outcome(Status.OK, text);
        }

        public static Outcome noResults(String text) {
            return new Outcome(Status.NO_RESULTS, text);
        }

        public static Outcome failed(String why) {
            return new Outcome(Status.FAILED, why);
        }

        public String recorded() {
            return status.name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    String name();

    String description();

    /** The arguments as compact JSON, e.g. {@code {"keywords":["invoice"]}}. */
    String argumentsExample();

    Outcome run(Map<String, Object> arguments, ToolContext context);
}
