package dev.parley.adapter.http;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/** What a route answers. */
public record HttpResponse(int status, String contentType, byte[] body, Map<String, String> headers) {

    public static HttpResponse json(int status, Object document) {
        return new HttpResponse(status, "application/json", JsonBodies.write(document), Map.of());
    }

    public static HttpResponse error(int status, String error, String detail) {
        var body = new java.util.LinkedHashMap<String, Object>();
        body.put("error", error);
        if (detail != null) body.put("detail", detail);
        return json(status, body);
    }

    /** 400 naming the offending input in {@code field}. */
    public static HttpResponse invalid(String field, String detail) {
        var body = new java.util.LinkedHashMap<String, Object>();
        body.put("error", "invalid_request");
        body.put("detail", detail);
        body.put("field", field);
        return json(400, body);
    }

    /** This response with one more header. */
    public HttpResponse withHeader(String name, String value) {
        var all = new java.util.LinkedHashMap<>(headers);
        all.put(name, value);
        return new HttpResponse(status, contentType, body, Map.copyOf(all));
    }

    public static HttpResponse text(int status, String contentType, String text) {
        return new HttpResponse(status, contentType, text.getBytes(StandardCharsets.UTF_8), Map.of());
    }

    /** 401 with no detail: we never tell a caller which part of its credentials was wrong. */
    public static HttpResponse unauthorized() {
        return new HttpResponse(401, "application/json",
                "{\"error\":\"unauthorized\"}".getBytes(StandardCharsets.UTF_8), Map.of());
    }
}
