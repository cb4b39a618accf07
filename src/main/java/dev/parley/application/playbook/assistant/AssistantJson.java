package dev.parley.application.playbook.assistant;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.domain.assistant.Plan;
import dev.parley.domain.assistant.PlanStep;
import dev.parley.domain.assistant.RecallParams;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON of the reply flow's model steps: reading the model's recall parameters and plan, and writing the offline
 * answers (and the plan's steps for the timeline) in the same shape.
 */
final class AssistantJson {
    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;

    private AssistantJson() {
    }

    static RecallParams readRecall(JsonNode node) {
        var keywords = node.get("keywords");
        if (keywords == null || !keywords.isArray()) throw new IllegalArgumentException("keywords: not a list");
        var words = new ArrayList<String>();
        keywords.forEach(k -> {
            if (k.isTextual()) words.add(k.asText());
        });
        return new RecallParams(words.stream().limit(6).toList(), instantOf(node.get("from")), instantOf(node.get("to")));
    }

    private static Optional<Instant> instantOf(JsonNode node) {
        return node != null && node.isTextual() ? BuiltInTools.instant(node.asText()) : Optional.empty();
    }

    static Plan readPlan(JsonNode node) {
        var steps = node.get("steps");
        if (steps == null || !steps.isArray()) throw new IllegalArgumentException("steps: not a list");
        var read = new ArrayList<PlanStep>();
        for (var step : steps) {
            if (!step.isObject()) throw new IllegalArgumentException("steps: not objects");
            @SuppressWarnings("unchecked")
            Map<String, Object> args = step.path("args").isObject() ? MAPPER.convertValue(step.get("args"), Map.class)
                    : Map.of();
            read.add(new PlanStep(step.path("action").asText(""), step.path("tool").isTextual()
                    ? step.get("tool").asText() : null, args, step.path("input").asText("")));
        }
        return Plan.of(read);
    }

    /** A step as the timeline shows it: action, and tool, args and input when it has them. */
    static Map<String, Object> describe(PlanStep step) {
        var map = new LinkedHashMap<String, Object>();
        map.put("action", step.action());
        if (step.tool() != null) map.put("tool", step.tool());
        if (!step.args().isEmpty()) map.put("args", step.args());
        if (!step.input().isBlank()) map.put("input", step.input());
        return map;
    }

    static String planJson(Plan plan) {
        return json(Map.of("steps", plan.steps().stream().map(AssistantJson::describe).toList()));
    }

    static String recallJson(RecallParams params) {
        var map = new LinkedHashMap<String, Object>();
        map.put("keywords", params.keywords());
        map.put("from", params.from().map(Instant::toString).orElse(null));
        map.put("to", params.to().map(Instant::toString).orElse(null));
        return json(map);
    }

    static String json(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
