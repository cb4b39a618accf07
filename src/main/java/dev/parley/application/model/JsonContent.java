package dev.parley.application.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;

/**
 * Finds the JSON object in a model's content. Models asked for JSON still wrap it in prose or a Markdown fence now
 * and then; the first balanced {@code {…}} that parses as an object is taken.
 */
public final class JsonContent {
    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;

    private JsonContent() {
    }

    /** The object in {@code content}; {@link IllegalArgumentException} naming the problem when there is none. */
    public static JsonNode object(String content) {
        if (content == null || content.isBlank()) throw new IllegalArgumentException("empty content");
        var text = content.strip();
        var direct = tryParse(text);
        if (direct != null) return direct;
        for (int start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
            int end = matchingBrace(text, start);
            if (end < 0) continue;
            var node = tryParse(text.substring(start, end + 1));
            if (node != null) return node;
        }
        throw new IllegalArgumentException("no JSON object in content");
    }

    private static JsonNode tryParse(String text) {
        if (!text.startsWith("{")) return null;
        try {
            var node = MAPPER.readTree(text);
            return node != null && node.isObject() ? node : null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /** The index of the brace closing the one at {@code start}, skipping strings; -1 when unbalanced. */
    private static int matchingBrace(String text, int start) {
        int depth = 0;
        boolean inString = false;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') i++;
                else if (c == '"') inString = false;
            } else if (c == '"') {
                inString = true;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }
}
