package dev.parley.adapter.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.application.JsonMappers;
import dev.parley.application.operator.InvalidRequestException;

/** JSON request and response bodies of the listener. */
public final class JsonBodies {
    static final ObjectMapper MAPPER = JsonMappers.API;

    private JsonBodies() {
    }

    static byte[] write(Object document) {
        try {
            return MAPPER.writeValueAsBytes(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Parses a JSON object body; anything else is a 400 naming the body. */
    static ObjectNode object(byte[] body) {
        JsonNode node;
        try {
            node = MAPPER.readTree(body);
        } catch (java.io.IOException e) {
            throw new InvalidRequestException("body", "body is not valid JSON");
        }
        if (!(node instanceof ObjectNode object)) {
            throw new InvalidRequestException("body", "body must be a JSON object");
        }
        return object;
    }

    /** A string field, or null when absent; a present non-string value is a 400 naming the field. */
    static String string(ObjectNode body, String field) {
        var node = body.get(field);
        if (node == null || node.isNull()) return null;
        if (!node.isTextual()) {
            throw new InvalidRequestException(field, field + " must be a string");
        }
        return node.asText();
    }

    /** A boolean field, false when absent; anything but a boolean is a 400 naming the field. */
    static boolean bool(ObjectNode body, String field) {
        var node = body.get(field);
        if (node == null || node.isNull()) return false;
        if (!node.isBoolean()) {
            throw new InvalidRequestException(field, field + " must be true or false");
        }
        return node.asBoolean();
    }

    /** An object field as a map, or null when absent; anything but an object is a 400 naming the field. */
    static java.util.Map<String, Object> objectField(ObjectNode body, String field) {
        var node = body.get(field);
        if (node == null || node.isNull()) return null;
        if (!node.isObject()) {
            throw new InvalidRequestException(field, field + " must be a JSON object");
        }
        return MAPPER.convertValue(node, new com.fasterxml.jackson.core.type.TypeReference<java.util.Map<String, Object>>() { });
    }
}
