package dev.parley.adapter.safety;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.application.JsonMappers;
import dev.parley.domain.message.Direction;
import dev.parley.domain.safety.Directions;
import dev.parley.domain.safety.InvalidSafetyRequestException;
import dev.parley.domain.safety.RiskCategory;
import dev.parley.domain.safety.SafeOutput;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.SafetyResult;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Iterator;
import java.util.Set;

/**
 * The validator's wire format, shared by {@code POST /api/validate} and {@code parley validate}: reads
 * {@code {"direction", "payload": {"content", "sender", "recipient", "channel", "timestamp"}}} and writes the seed's
 * standard JSON, keys in the seed's order. Unknown keys are refused, like every Parley input.
 */
public final class SafetyJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Set<String> TOP = Set.of("direction", "payload");
    private static final Set<String> PAYLOAD = Set.of("content", "sender", "recipient", "channel", "timestamp");

    private SafetyJson() {
    }

    /**
     * The request in {@code node}.
     *
     * @throws InvalidSafetyRequestException naming the field: {@code invalid_direction} for the router's error
     *                                       path, {@code invalid_request} for everything else
     */
    public static SafetyRequest request(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw invalid("(body)", "the request must be a JSON object {\"direction\", \"payload\"}");
        }
        refuseUnknown(node, TOP, "");
        JsonNode direction = node.get("direction");
        Direction routed = Directions.route(direction != null && direction.isTextual() ? direction.asText() : null);
        JsonNode payload = node.get("payload");
        if (payload == null || !payload.isObject()) {
            throw invalid("payload", "payload must be a JSON object {\"content\", \"sender\", \"recipient\", \"channel\", \"timestamp\"}");
        }
        refuseUnknown(payload, PAYLOAD, "payload.");
        if (!payload.has("content")) {
            throw invalid("payload.content", "payload.content is missing (a string, or null for a message without text)");
        }
        String content = nullableText(payload, "content");
        return SafetyRequest.of(routed, content, nullableText(payload, "sender"), nullableText(payload, "recipient"),
                nullableText(payload, "channel"), timestamp(payload));
    }

    /** The seed's standard JSON for {@code result}. */
    public static ObjectNode standard(SafetyResult result) {
        ObjectNode out = NODES.objectNode();
        out.put("trace_id", result.traceId());
        out.put("direction", result.direction().safetyWord());
        out.put("decision", result.decision().wire());
        ArrayNode categories = out.putArray("risk_categories");
        for (RiskCategory c : result.riskCategories()) categories.add(c.wire());
        out.put("enforcement_reason", result.enforcementReason().wire());
        SafeOutput safe = result.safeOutput();
        ObjectNode so = out.putObject("safe_output");
        so.put("message_primary", safe.messagePrimary());
        so.put("urgency_level", safe.urgencyWire());
        so.put("source_hidden", safe.sourceHidden());
        so.put("suggested_action", safe.suggestedAction());
        so.put("emotional_tone", safe.emotionalTone().wire());
        out.put("original_blocked", result.originalBlocked());
        out.put("timestamp", result.timestamp().toString());
        return out;
    }

    /** An error answer: {@code {"error", "detail", "field"}}, plus {@code "line"} when {@code line > 0}. */
    public static ObjectNode error(InvalidSafetyRequestException e, long line) {
        ObjectNode out = NODES.objectNode();
        out.put("error", e.code());
        out.put("detail", e.getMessage());
        out.put("field", e.field());
        if (line > 0) out.put("line", line);
        return out;
    }

    /** An error answer for a line that is not JSON at all. */
    public static ObjectNode notJson(String detail, long line) {
        return error(invalid("(body)", "not valid JSON: " + detail), line);
    }

    /** The error of a blank line in a batch: field {@code (body)}, code {@code invalid_request}. */
    public static InvalidSafetyRequestException blankLine() {
        return invalid("(body)", "blank line: no request");
    }

    /** A mapper for the validator's JSON (plain Jackson). */
    public static ObjectMapper mapper() {
        return JsonMappers.PLAIN;
    }

    private static Instant timestamp(JsonNode payload) {
        JsonNode ts = payload.get("timestamp");
        if (ts == null || ts.isNull()) return null;
        if (!ts.isTextual()) throw invalid("payload.timestamp", "payload.timestamp must be an ISO-8601 string");
        try {
            return OffsetDateTime.parse(ts.asText()).toInstant();
        } catch (DateTimeParseException e) {
            throw invalid("payload.timestamp",
                    "payload.timestamp must be an ISO-8601 date-time with an offset, for example 2026-11-27T22:15:00Z");
        }
    }

    private static String nullableText(JsonNode payload, String field) {
        JsonNode value = payload.get(field);
        if (value == null || value.isNull()) return null;
        if (!value.isTextual()) throw invalid("payload." + field, "payload." + field + " must be a string");
        return value.asText();
    }

    private static void refuseUnknown(JsonNode node, Set<String> allowed, String prefix) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!allowed.contains(name)) {
                throw invalid(prefix + name, "unknown field '" + prefix + name + "' (allowed: "
                        + String.join(", ", allowed.stream().sorted().map(f -> prefix + f).toList()) + ")");
            }
        }
    }

    private static InvalidSafetyRequestException invalid(String field, String detail) {
        return new InvalidSafetyRequestException("invalid_request", field, detail);
    }
}
