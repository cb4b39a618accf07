package dev.parley.application.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.util.Optional;

/**
 * How one expected field value matches an actual one: {@code {"contains": "…"}} (substring),
 * {@code {"regex": "…"}} (RE2 syntax, found anywhere; anchor with ^…$), {@code at} as an instant, numbers by
 * value, anything else by JSON equality.
 */
final class FieldMatch {
    private FieldMatch() {
    }

    /** Why an expected value cannot be used, if it cannot. */
    static Optional<String> check(JsonNode expected) {
        if (isOperator(expected)) {
            var operand = expected.elements().next();
            if (!operand.isTextual()) return Optional.of("contains/regex needs a string");
            if (expected.has("regex")) {
                try {
                    Pattern.compile(operand.asText());
                } catch (PatternSyntaxException e) {
                    return Optional.of("bad regex: " + e.getDescription());
                }
            }
        }
        return Optional.empty();
    }

    static boolean matches(String field, JsonNode expected, JsonNode actual) {
        if (isOperator(expected)) {
            if (actual == null || !actual.isTextual()) return false;
            var operand = expected.elements().next().asText();
            return expected.has("contains") ? actual.asText().contains(operand)
                    : Pattern.compile(operand).matcher(actual.asText()).find();
        }
        if (actual == null) return expected.isNull();
        if (field.equals("at") && expected.isTextual() && actual.isTextual()) {
            var e = JsonLines.parseInstant(expected.asText());
            var a = JsonLines.parseInstant(actual.asText());
            return e.isPresent() && e.equals(a);
        }
        if (expected.isNumber() && actual.isNumber()) {
            return expected.decimalValue().compareTo(actual.decimalValue()) == 0;
        }
        return expected.equals(actual);
    }

    private static boolean isOperator(JsonNode node) {
        return node != null && node.isObject() && node.size() == 1 && (node.has("contains") || node.has("regex"));
    }
}
