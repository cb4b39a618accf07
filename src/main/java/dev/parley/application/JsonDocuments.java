package dev.parley.application;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** Small JSON documents (timeline details, extracted data) written with sorted keys, so output is stable. */
public final class JsonDocuments {
    private static final ObjectMapper MAPPER = JsonMappers.SORTED;

    private JsonDocuments() {
    }

    /**
     * {@code document} as JSON with every map's keys sorted, or null when it is null or empty. A document made only of
     * strings, booleans, integers, longs, doubles, nulls, collections and maps with string keys (nearly all of them)
     * is written by hand into one {@link StringBuilder}, as the mapper writes it ({@link JsonStrings}; issue 17: the
     * mapper's serialiser lookups, sorted copies and a generator per document showed in the demo's profiles,
     * docs/benchmarks.md "parley demo"; {@code JsonDocumentsTest} compares the two); on meeting anything
     * else the text written is dropped and the mapper writes the whole document.
     */
    public static String write(Map<String, ?> document) {
        if (document == null || document.isEmpty()) {
            return null;
        }
        var out = new StringBuilder(128);
        try {
            writeValue(out, document, 0);
        } catch (NotPlain notPlain) {
            // a value the hand-written writer does not write as the mapper would: the mapper writes the whole document
            return writeByMapper(document);
        }
        return out.toString();
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

    /** Thrown (one instance, no stack trace) when a document holds a value that only the mapper writes. */
    private static final class NotPlain extends RuntimeException {
        static final NotPlain INSTANCE = new NotPlain();

        private NotPlain() {
            super("not a plain JSON value", null, false, false);
        }
    }

    /** Writes a plain value as the mapper would; {@link NotPlain} for anything else (or deeper than 64 levels). */
    private static void writeValue(StringBuilder b, Object value, int depth) {
        if (depth > 64) throw NotPlain.INSTANCE;
        switch (value) {
            case null -> b.append("null");
            case String s -> JsonStrings.appendQuoted(b, s);
            case Boolean x -> b.append(x.booleanValue());
            case Integer i -> b.append(i.intValue());
            case Long l -> b.append(l.longValue());
            case Double d -> JsonStrings.appendNumber(b, d);
            case Map<?, ?> map -> {
                // ORDER_MAP_ENTRIES_BY_KEYS: the mapper keeps a nested sorted map's own order and copies any other
                // map into a TreeMap (String's natural order); the document itself was always copied into one
                Map.Entry<?, ?>[] entries = map.entrySet().toArray(new Map.Entry<?, ?>[0]);
                if (depth == 0 || !(map instanceof SortedMap<?, ?>)) { // write's own copy sorts naturally
                    for (var e : entries) {
                        if (!(e.getKey() instanceof String)) throw NotPlain.INSTANCE;
                    }
                    Arrays.sort(entries, (x, y) -> ((String) x.getKey()).compareTo((String) y.getKey()));
                }
                b.append('{');
                boolean first = true;
                for (var e : entries) {
                    if (!(e.getKey() instanceof String key)) throw NotPlain.INSTANCE;
                    if (!first) b.append(',');
                    first = false;
                    JsonStrings.appendQuoted(b, key);
                    b.append(':');
                    writeValue(b, e.getValue(), depth + 1);
                }
                b.append('}');
            }
            case Collection<?> list -> {
                b.append('[');
                boolean first = true;
                for (Object v : list) {
                    if (!first) b.append(',');
                    first = false;
                    writeValue(b, v, depth + 1);
                }
                b.append(']');
            }
            default -> throw NotPlain.INSTANCE;
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
