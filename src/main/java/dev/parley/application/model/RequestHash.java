package dev.parley.application.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.application.JsonStrings;
import dev.parley.domain.hash.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The identity of a request: SHA-256 (hex) of its canonical JSON (task, messages, json flag, temperature, max
 * tokens, in that order). The call log records it; cassettes file answers under it. The conversation id, timeout and
 * provider are not part of it, so a cassette recorded against one model replays under another configuration.
 */
public final class RequestHash {
    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;

    private RequestHash() {
    }

    public static String of(ModelRequest request) {
        var digest = Sha256.of(canonicalJson(request).getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(digest);
    }

    /** The request as a JSON document with a fixed key order (also what a cassette stores). */
    public static Map<String, Object> canonical(ModelRequest request) {
        var map = new LinkedHashMap<String, Object>();
        map.put("task", request.task());
        map.put("messages", request.messages().stream()
                .map(m -> Map.of("role", m.role().wire(), "content", m.content()))
                .map(m -> {
                    var ordered = new LinkedHashMap<String, Object>();
                    ordered.put("role", m.get("role"));
                    ordered.put("content", m.get("content"));
                    return ordered;
                }).toList());
        map.put("json", request.json());
        map.put("temperature", request.temperature());
        map.put("max_tokens", request.maxTokens());
        return map;
    }

    /**
     * {@link #canonical} written as JSON by hand (issue 17: every pipeline step hashes its requests; first the mapper
     * on maps, then a streaming generator, were several percent of the demo): the characters the mapper writes for
     * that document, strings escaped by {@link JsonStrings} ({@code RequestHashStreamTest} compares the two).
     */
    static String canonicalJson(ModelRequest request) {
        int length = 128 + request.task().length();
        // the mapper's document was built with Map.of, which refuses a null content: so does this
        for (var m : request.messages()) length += Objects.requireNonNull(m.content(), "content").length() + 32;
        var b = new StringBuilder(length);
        b.append("{\"task\":");
        JsonStrings.appendQuoted(b, request.task());
        b.append(",\"messages\":[");
        boolean first = true;
        for (var m : request.messages()) {
            if (!first) b.append(',');
            first = false;
            b.append("{\"role\":");
            JsonStrings.appendQuoted(b, m.role().wire());
            b.append(",\"content\":");
            JsonStrings.appendQuoted(b, m.content());
            b.append('}');
        }
        b.append("],\"json\":").append(request.json());
        b.append(",\"temperature\":");
        if (request.temperature() == null) {
            b.append("null");
        } else {
            JsonStrings.appendNumber(b, request.temperature());
        }
        b.append(",\"max_tokens\":");
        if (request.maxTokens() == null) b.append("null"); else b.append(request.maxTokens().intValue());
        return b.append('}').toString();
    }

    /** What {@link #canonicalJson} was before it streamed: the mapper on {@link #canonical} (for tests). */
    static String canonicalJsonByMapper(ModelRequest request) {
        try {
            return MAPPER.writeValueAsString(canonical(request));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
