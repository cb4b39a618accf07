package dev.parley.application;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** Small JSON documents (timeline details, extracted data) written with sorted keys, so output is stable. */
public final class JsonDocuments {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    private JsonDocuments() {
    }

    /**
     * {@code document} as JSON with every map's keys sorted, or null when it is null or empty. A document made only of
     * strings, booleans, integers, longs, doubles, nulls, lists and maps with string keys (nearly all of them) is
     * streamed straight to the generator, with the calls the mapper makes for it, so the characters are the mapper's
     * (issue 17: the mapper's serialiser lookups and sorted copies were a tenth of the demo pipeline's time;
     * {@code JsonDocumentsTest} compares the two); anything else goes through the mapper.
     */
    public static String write(Map<String, ?> document) {
        if (document == null || document.isEmpty()) {
            return null;
        }
        if (simple(document, 0)) {
            var out = new StringWriter(128);
            try (JsonGenerator g = MAPPER.getFactory().createGenerator(out)) {
                writeValue(g, document);
            } catch (IOException e) {
                throw new IllegalArgumentException("not serialisable as JSON", e);
            }
            return out.toString();
        }
        return writeByMapper(document);
    }

    /** What {@link #write} was before it streamed: the mapper on a sorted copy (for the fallback and for tests). */
    static String writeByMapper(Map<String, ?> document) {
        if (document == null || document.isEmpty()) {
            return null;
        }
        try {
            return MAPPER.writeValueAsString(new TreeMap<>(document));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not serialisable as JSON", e);
        }
    }

    /** Whether {@code value} holds only what {@link #writeValue} writes as the mapper would (no deeper than 64). */
    private static boolean simple(Object value, int depth) {
        if (depth > 64) return false;
        if (value == null || value instanceof String || value instanceof Boolean || value instanceof Integer
                || value instanceof Long || value instanceof Double) {
            return true;
        }
        if (value instanceof Map<?, ?> map) {
            for (var e : map.entrySet()) {
                if (!(e.getKey() instanceof String) || !simple(e.getValue(), depth + 1)) return false;
            }
            return true;
        }
        if (value instanceof Collection<?> list) {
            for (Object v : list) {
                if (!simple(v, depth + 1)) return false;
            }
            return true;
        }
        return false;
    }

    private static void writeValue(JsonGenerator g, Object value) throws IOException {
        switch (value) {
            case null -> g.writeNull();
            case String s -> g.writeString(s);
            case Boolean b -> g.writeBoolean(b);
            case Integer i -> g.writeNumber(i.intValue());
            case Long l -> g.writeNumber(l.longValue());
            case Double d -> g.writeNumber(d.doubleValue());
            case Map<?, ?> map -> {
                // ORDER_MAP_ENTRIES_BY_KEYS: the mapper keeps a sorted map's own order and copies any other map into
                // a TreeMap (String's natural order)
                Map.Entry<?, ?>[] entries = map.entrySet().toArray(new Map.Entry<?, ?>[0]);
                if (!(map instanceof SortedMap<?, ?>)) {
                    Arrays.sort(entries, (a, b) -> ((String) a.getKey()).compareTo((String) b.getKey()));
                }
                g.writeStartObject();
                for (var e : entries) {
                    g.writeFieldName((String) e.getKey());
                    writeValue(g, e.getValue());
                }
                g.writeEndObject();
            }
            case Collection<?> list -> {
                g.writeStartArray();
                for (Object v : list) writeValue(g, v);
                g.writeEndArray();
            }
            default -> throw new IllegalStateException("not a simple JSON value: " + value.getClass());
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
