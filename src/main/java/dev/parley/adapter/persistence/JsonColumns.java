package dev.parley.adapter.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import java.util.List;

/** Lists stored as JSON arrays in text columns (portable between H2 and PostgreSQL). */
final class JsonColumns {
    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;

    private JsonColumns() {
    }

    static String write(List<String> values) {
        try {
            return MAPPER.writeValueAsString(values);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<String> read(String json) {
        try {
            return json == null ? List.of() : MAPPER.readValue(json, new TypeReference<List<String>>() { });
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable JSON column", e);
        }
    }
}
