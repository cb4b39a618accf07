package dev.parley.application.playbook.outreach;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.domain.outreach.EventKind;
import dev.parley.domain.outreach.Extraction;
import dev.parley.domain.outreach.LifeEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * An {@link Extraction} as JSON, in the shape of {@link Extraction#toMap()}: what the {@code extract} task answers
 * and what a message's stored data holds. Reading refuses anything that is not that shape.
 */
final class ExtractionJson {
    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;
    private static final List<String> KEYS = List.of("names", "dates", "years", "places", "relationships",
            "documents", "photos", "events", "copy_offered");

    private ExtractionJson() {
    }

    static String write(Extraction extraction) {
        try {
            return MAPPER.writeValueAsString(extraction.toMap());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static Extraction fromMap(Map<?, ?> map) {
        return read(MAPPER.valueToTree(map));
    }

    /** @throws IllegalArgumentException naming the field that is not as expected */
    static Extraction read(JsonNode node) {
        if (KEYS.stream().noneMatch(node::has)) throw new IllegalArgumentException("none of the extraction keys");
        var events = new ArrayList<LifeEvent>();
        for (var event : array(node, "events")) {
            if (!event.isObject()) throw new IllegalArgumentException("events: not objects");
            EventKind kind;
            try {
                kind = EventKind.valueOf(event.path("kind").asText("").toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("events: unknown kind '" + event.path("kind").asText("") + "'");
            }
            var year = event.path("year").canConvertToInt() && event.path("year").isNumber()
                    ? Optional.of(year(event.get("year").asInt())) : Optional.<Integer>empty();
            var place = text(event.get("place"));
            events.add(new LifeEvent(kind, year, strings(event, "names"), place,
                    event.path("place_preposition").asText(kind.placePreposition()), text(event.get("relationship"))));
        }
        var years = new ArrayList<Integer>();
        for (var y : array(node, "years")) {
            if (!y.canConvertToInt()) throw new IllegalArgumentException("years: not whole numbers");
            years.add(year(y.asInt()));
        }
        var copy = node.path("copy_offered");
        return new Extraction(strings(node, "names"), strings(node, "dates"), years, strings(node, "places"),
                strings(node, "relationships").stream().map(r -> r.toLowerCase(Locale.ROOT)).toList(),
                strings(node, "documents").stream().map(r -> r.toLowerCase(Locale.ROOT)).toList(),
                strings(node, "photos").stream().map(r -> r.toLowerCase(Locale.ROOT)).toList(), events,
                copy.isBoolean() && copy.asBoolean());
    }

    private static int year(int year) {
        if (year < 1600 || year > 2029) throw new IllegalArgumentException("year " + year + " out of 1600-2029");
        return year;
    }

    private static Iterable<JsonNode> array(JsonNode node, String key) {
        var value = node.get(key);
        if (value == null || value.isNull()) return List.of();
        if (!value.isArray()) throw new IllegalArgumentException(key + ": not a list");
        return value;
    }

    private static List<String> strings(JsonNode node, String key) {
        var out = new ArrayList<String>();
        for (var item : array(node, key)) {
            if (!item.isTextual()) throw new IllegalArgumentException(key + ": not a list of strings");
            if (!item.asText().isBlank()) out.add(item.asText().strip());
        }
        return out;
    }

    private static Optional<String> text(JsonNode node) {
        return node != null && node.isTextual() && !node.asText().isBlank() ? Optional.of(node.asText().strip())
                : Optional.empty();
    }
}
