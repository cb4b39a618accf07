package dev.parley.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Issue 17: the streamed writer writes the characters the mapper wrote, for every kind of document. */
class JsonDocumentsTest {

    @Test
    void randomDocumentsAreTheMappersCharacters() {
        var random = new java.util.Random(17);
        var alphabet = new StringBuilder("ab \"\\/\u007f\u00e9\u2028\uFEFF\uD83D\uDE00\uDC00\uD800中");
        for (char c = 0; c < 0x20; c++) alphabet.append(c);
        for (int round = 0; round < 2_000; round++) {
            var document = new HashMap<String, Object>();
            int fields = 1 + random.nextInt(6);
            for (int i = 0; i < fields; i++) {
                Object value = switch (random.nextInt(7)) {
                    case 0 -> randomText(random, alphabet);
                    case 1 -> random.nextInt() >> random.nextInt(32);
                    case 2 -> random.nextLong();
                    case 3 -> random.nextBoolean() ? random.nextDouble() * Math.pow(10, random.nextInt(40) - 20)
                            : new double[] {Double.NaN, Double.NEGATIVE_INFINITY, -0.0, Double.MIN_VALUE}[random.nextInt(4)];
                    case 4 -> random.nextBoolean();
                    case 5 -> List.of(randomText(random, alphabet), random.nextInt(100));
                    default -> Map.of(randomText(random, alphabet), randomText(random, alphabet));
                };
                document.put(randomText(random, alphabet), value);
            }
            assertThat(JsonDocuments.write(document)).isEqualTo(JsonDocuments.writeByMapper(document));
        }
    }

    private static String randomText(java.util.Random random, CharSequence alphabet) {
        var b = new StringBuilder();
        int length = random.nextInt(12);
        for (int i = 0; i < length; i++) b.append(alphabet.charAt(random.nextInt(alphabet.length())));
        return b.toString();
    }

    @Test
    void streamedDocumentsAreTheMappersCharacters() {
        var nested = new HashMap<String, Object>();
        nested.put("zeta", 1);
        nested.put("alpha", List.of("x", "y"));
        nested.put("Beta", null);
        nested.put("é", "accent");
        var reversed = new TreeMap<String, Object>(Collections.reverseOrder());
        reversed.put("a", 1);
        reversed.put("b", 2);
        var documents = new ArrayList<Map<String, ?>>();
        documents.add(Map.of("message_id", 12L, "hold", "delayed", "until", "2026-11-28T10:00:00Z"));
        documents.add(Map.of("text", "quote \" backslash \\ newline \n tab \t nul \u0000 emoji \uD83D\uDE00 é ß 中文"));
        documents.add(Map.of("scores", Map.of("self_harm", 0.125, "threats", 1e-9, "big", 1e21, "nan", Double.NaN,
                "inf", Double.POSITIVE_INFINITY, "neg", -0.0, "int", Integer.MIN_VALUE, "long", Long.MAX_VALUE)));
        documents.add(Map.of("nested", nested, "flags", List.of(true, false), "set", new LinkedHashSet<>(List.of(3, 1, 2))));
        documents.add(Map.of("reversed", reversed, "empty_map", Map.of(), "empty_list", List.of()));
        var withNull = new LinkedHashMap<String, Object>();
        withNull.put("b", null);
        withNull.put("a", List.of(Map.of("y", 1, "x", List.of(Map.of("q", "r", "p", "s")))));
        documents.add(withNull);
        documents.add(reversed); // the document itself is sorted naturally, whatever its own order
        var deep = new LinkedHashMap<String, Object>();
        Map<String, Object> level = deep;
        for (int i = 0; i < 70; i++) { // deeper than the streamed writer goes: the mapper writes it
            var next = new LinkedHashMap<String, Object>();
            level.put("k" + i, next);
            level = next;
        }
        documents.add(deep);
        documents.add(Map.of("list", List.of(1, Map.of("x", Kind.A)))); // not plain, deep inside
        // not simple: through the mapper, as before
        documents.add(Map.of("when", Instant.parse("2026-11-28T10:00:00Z").toEpochMilli(), "kind", Kind.A));
        documents.add(Map.of("float", 1.5f, "short", (short) 3));
        for (var document : documents) {
            assertThat(JsonDocuments.write(document)).as(document.toString())
                    .isEqualTo(JsonDocuments.writeByMapper(document));
        }
        assertThat(JsonDocuments.write(Map.of("b", 1, "a", Map.of("d", 2, "c", 3))))
                .isEqualTo("{\"a\":{\"c\":3,\"d\":2},\"b\":1}");
        assertThat(JsonDocuments.write(Map.of())).isNull();
        assertThat(JsonDocuments.write(null)).isNull();
    }

    enum Kind { A }
}
