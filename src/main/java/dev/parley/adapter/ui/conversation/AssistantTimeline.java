package dev.parley.adapter.ui.conversation;

import dev.parley.domain.conversation.TimelineEvent;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Timeline lines of the assistant's steps (seed 001) and of model fallbacks: a one-line title each, with the plan's
 * steps, a tool's arguments and result, or a step's outcome in collapsed details.
 */
final class AssistantTimeline {
    private AssistantTimeline() {
    }

    static Optional<TimelineEntry> of(TimelineEvent e, Map<String, Object> d) {
        return Optional.ofNullable(switch (e.type()) {
            case "assistant_profile" -> entry(e, "Profile · " + d.get("profile") + " (" + d.get("decided_by") + ")",
                    d.containsKey("reason") ? "reason: " + d.get("reason") : null);
            case "assistant_redacted" -> entry(e, "Redacted · " + d.get("kinds"), null);
            case "assistant_recall" -> entry(e, "Recall · " + d.get("outcome"), keyValues(d));
            case "assistant_documents" -> entry(e, "Documents · " + d.get("snippets") + " passage(s)", null);
            case "assistant_plan" -> entry(e, planTitle(d), planDetails(d));
            case "assistant_step" -> entry(e, "Step " + d.get("index") + " · " + d.get("step") + " · " + d.get("outcome"),
                    null);
            case "assistant_tool" -> entry(e, "Tool " + d.get("tool") + " · " + d.get("outcome"),
                    "arguments: " + d.get("args") + "\nresult: " + d.get("result"));
            case "assistant_partial" -> entry(e, "No final step · answered with the partial results", null);
            case "assistant_retry" -> entry(e, "Plain retry · " + (Boolean.TRUE.equals(d.get("produced_text"))
                    ? "produced text" : "empty: apology sent"), null);
            case "assistant_sanitised" -> entry(e, "Sanitised · " + d.get("removed_lines") + " tool line(s) removed",
                    null);
            case "assistant_reply" -> entry(e, "Reply · " + d.get("profile") + " · " + d.get("outcome") + " · model "
                    + d.get("model"), keyValues(d));
            case "assistant_embedding_failed" -> entry(e, "Embedding failed · keyword recall only", null);
            case "model_fallback" -> new TimelineEntry(e.at(), "warning", "Model fallback · " + d.get("task")
                    + " answered by " + d.get("answered_by"), String.valueOf(d.get("reason")), e.actor());
            case "speech_attached" -> new TimelineEntry(e.at(), "assistant", "Spoken reply", null, e.actor(), null,
                    String.valueOf(d.get("file")));
            default -> null;
        });
    }

    private static TimelineEntry entry(TimelineEvent e, String title, String details) {
        return new TimelineEntry(e.at(), "assistant", title, null, e.actor(), details, null);
    }

    private static String planTitle(Map<String, Object> d) {
        if (!Boolean.TRUE.equals(d.get("valid"))) return "Plan invalid · " + d.getOrDefault("reason", "no steps");
        return "Plan · " + steps(d).stream().map(AssistantTimeline::label).collect(Collectors.joining(" → "));
    }

    private static String planDetails(Map<String, Object> d) {
        var steps = steps(d);
        if (steps.isEmpty()) return null;
        var lines = new StringBuilder();
        for (int i = 0; i < steps.size(); i++) {
            lines.append(i + 1).append(". ").append(steps.get(i)).append('\n');
        }
        if (d.get("dropped_steps") != null) lines.append("(").append(d.get("dropped_steps")).append(" more dropped)");
        return lines.toString().strip();
    }

    private static List<?> steps(Map<String, Object> d) {
        return d.get("steps") instanceof List<?> list ? list : List.of();
    }

    private static String label(Object step) {
        if (step instanceof Map<?, ?> m) return String.valueOf(m.get("tool") != null ? m.get("tool") : m.get("action"));
        return String.valueOf(step);
    }

    private static String keyValues(Map<String, Object> d) {
        return d.entrySet().stream().map(en -> en.getKey() + ": " + en.getValue()).collect(Collectors.joining("\n"));
    }
}
