package dev.parley.application.replay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.application.JsonMappers;

/**
 * The one JSON form of replay files and transcripts: compact, UTF-8, keys of each line in the order its writer
 * puts them, keys of nested documents sorted. Same input, same bytes.
 */
public final class CanonicalJson {
    static final ObjectMapper MAPPER = JsonMappers.PLAIN;
    private static final ObjectMapper SORTED = JsonMappers.SORTED;

    private CanonicalJson() {
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** A nested value (map, list, string, number) as a tree with its map keys sorted. */
    public static JsonNode tree(Object value) {
        try {
            return MAPPER.readTree(SORTED.writeValueAsBytes(value));
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("not serialisable as JSON", e);
        }
    }

    /** One line of JSON, without the line break. */
    public static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
