package dev.parley.application.replay;

import dev.parley.domain.alert.AlertSeverity;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One line of a replay transcript: at a virtual time, something of a {@code kind} happened to a conversation
 * (named by its key). {@code fields} are the kind's own fields in the order they are written.
 */
public record TranscriptLine(Instant at, String kind, String conversation, Map<String, Object> fields) {

    public TranscriptLine {
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    public static TranscriptLine transition(Instant at, String conversation, String from, String to,
                                            String trigger) {
        return transition(at, conversation, from, to, trigger, null, null);
    }

    /** A transition with the guard that decided it and why it passed, each left out when null. */
    public static TranscriptLine transition(Instant at, String conversation, String from, String to,
                                            String trigger, String guard, String reason) {
        var f = new LinkedHashMap<String, Object>();
        f.put("from", from);
        f.put("to", to);
        f.put("trigger", trigger);
        if (guard != null) f.put("guard", guard);
        if (reason != null) f.put("reason", reason);
        return new TranscriptLine(at, "transition", conversation, f);
    }

    /** A message that left the outbox ({@code SENT}) or was stopped ({@code HELD}, {@code DENIED}, {@code FAILED}). */
    public static TranscriptLine outbound(Instant at, String conversation, String to, String text, String status,
                                          String reason) {
        var f = new LinkedHashMap<String, Object>();
        f.put("to", to);
        f.put("text", text);
        f.put("status", status);
        if (reason != null) f.put("reason", reason);
        return new TranscriptLine(at, "outbound", conversation, f);
    }

    public static TranscriptLine alert(Instant at, String conversation, AlertSeverity severity,
                                       List<String> categories) {
        var f = new LinkedHashMap<String, Object>();
        f.put("severity", severity.wire());
        f.put("categories", List.copyOf(categories));
        return new TranscriptLine(at, "alert", conversation, f);
    }

    /** Chime-in's context for a mention: the provider ids of the earlier messages it chose, oldest first. */
    public static TranscriptLine context(Instant at, String conversation, List<String> selected, String strategy) {
        var f = new LinkedHashMap<String, Object>();
        f.put("selected", List.copyOf(selected));
        f.put("strategy", strategy);
        return new TranscriptLine(at, "context", conversation, f);
    }

    /**
     * The safety validator's decision on a message (seed 002): direction, decision (its wire word), the categories
     * raised, the enforcement reason and the trace id; never the content.
     */
    public static TranscriptLine decision(Instant at, String conversation, String direction, String decision,
                                          List<String> riskCategories, String enforcementReason, String traceId) {
        var f = new LinkedHashMap<String, Object>();
        f.put("direction", direction);
        f.put("decision", decision);
        f.put("risk_categories", List.copyOf(riskCategories));
        f.put("enforcement_reason", enforcementReason);
        f.put("trace_id", traceId);
        return new TranscriptLine(at, "decision", conversation, f);
    }

    public static TranscriptLine task(Instant at, String conversation, String text) {
        return new TranscriptLine(at, "task", conversation, Map.of("text", text));
    }

    /** An escalation opened ({@code pending}), answered or expired; {@code property} is its catalogue ref. */
    public static TranscriptLine escalation(Instant at, String conversation, String property, String status) {
        var f = new LinkedHashMap<String, Object>();
        f.put("property", property);
        f.put("status", status);
        return new TranscriptLine(at, "escalation", conversation, f);
    }

    /** An assistant's plan: the steps' labels (action, or the tool of a tool step) and whether it was valid. */
    public static TranscriptLine plan(Instant at, String conversation, List<String> steps, boolean valid) {
        var f = new LinkedHashMap<String, Object>();
        f.put("steps", List.copyOf(steps));
        f.put("valid", valid);
        return new TranscriptLine(at, "plan", conversation, f);
    }

    /** An assistant's tool call and its outcome. */
    public static TranscriptLine tool(Instant at, String conversation, String tool, String outcome) {
        var f = new LinkedHashMap<String, Object>();
        f.put("tool", tool);
        f.put("outcome", outcome);
        return new TranscriptLine(at, "tool", conversation, f);
    }

    /** An operator action or event of the replay file that the pipeline refused (as the API would with a 4xx). */
    public static TranscriptLine rejected(Instant at, String conversation, String event, int line, String field,
                                          String reason) {
        var f = new LinkedHashMap<String, Object>();
        f.put("event", event);
        f.put("line", line);
        if (field != null) f.put("field", field);
        f.put("reason", reason);
        return new TranscriptLine(at, "rejected", conversation, f);
    }
}
