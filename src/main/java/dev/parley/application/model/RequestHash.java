package dev.parley.application.model;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.domain.hash.Sha256;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The identity of a request: SHA-256 (hex) of its canonical JSON (task, messages, json flag, temperature, max
 * tokens, in that order). The call log records it; cassettes file answers under it. The conversation id, timeout and
 * provider are not part of it, so a cassette recorded against one model replays under another configuration.
 */
public final class RequestHash {
    private static final ObjectMapper MAPPER = new ObjectMapper();

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
     * {@link #canonical} written as JSON, streamed straight to the generator rather than built as maps and handed to
     * the mapper (issue 17: every pipeline step hashes its requests): the same calls the mapper makes for that
     * document, so the same characters ({@code RequestHashTest} compares the two).
     */
    static String canonicalJson(ModelRequest request) {
        var out = new StringWriter(256);
        try (JsonGenerator g = MAPPER.getFactory().createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("task", request.task());
            g.writeArrayFieldStart("messages");
            for (var m : request.messages()) {
                g.writeStartObject();
                g.writeStringField("role", m.role().wire());
                // the mapper's document was built with Map.of, which refuses a null content: so does this
                g.writeStringField("content", java.util.Objects.requireNonNull(m.content(), "content"));
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeBooleanField("json", request.json());
            g.writeFieldName("temperature");
            if (request.temperature() == null) g.writeNull(); else g.writeNumber(request.temperature().doubleValue());
            g.writeFieldName("max_tokens");
            if (request.maxTokens() == null) g.writeNull(); else g.writeNumber(request.maxTokens().intValue());
            g.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toString();
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
