package dev.parley.application;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.Map;
import java.util.TreeMap;

/** Small JSON documents (timeline details, extracted data) written with sorted keys, so output is stable. */
public final class JsonDocuments {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    private JsonDocuments() {
    }

    public static String write(Map<String, ?> document) {
        if (document == null || document.isEmpty()) {
            return null;
        }
        try {
            return MAPPER.writeValueAsString(new TreeMap<>(document));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not serialisable as JSON", e);
        }
    }

    public static Map<String, Object> read(String json) {
        if (json == null || json.isBlank()) {
            return Map.of();
        }
        try {
            return MAPPER.readValue(json, new TypeReference<Map<String, Object>>() { });
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("unreadable JSON document", e);
        }
    }
}
