package dev.parley.application.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
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
        try {
            var digest = MessageDigest.getInstance("SHA-256")
                    .digest(canonicalJson(request).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
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

    static String canonicalJson(ModelRequest request) {
        try {
            return MAPPER.writeValueAsString(canonical(request));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
