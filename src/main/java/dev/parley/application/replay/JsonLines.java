package dev.parley.application.replay;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.application.JsonMappers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Reads JSON Lines strictly: one object a line, blank lines skipped, every failure naming file, line and field. */
final class JsonLines {
    private static final JsonMapper MAPPER = JsonMappers.STRICT;

    /** One non-blank line as a JSON object. */
    record Line(int number, ObjectNode json) {
    }

    private final String file;

    JsonLines(String file) {
        this.file = file;
    }

    List<Line> read(Reader reader) {
        var lines = new ArrayList<Line>();
        try (var in = new BufferedReader(reader)) {
            String text;
            int number = 0;
            while ((text = in.readLine()) != null) {
                number++;
                if (number == 1 && text.startsWith("\uFEFF")) text = text.substring(1);
                if (text.isBlank()) continue;
                lines.add(new Line(number, parse(number, text)));
            }
        } catch (IOException e) {
            throw new ReplayInputException(file, 0, null, "cannot read: " + e.getMessage());
        }
        return lines;
    }

    private ObjectNode parse(int number, String text) {
        JsonNode node;
        try {
            node = MAPPER.readTree(text);
        } catch (JacksonException e) {
            // Jackson's own message quotes the input; say where instead.
            throw new ReplayInputException(file, number, null, "not valid JSON (column "
                    + (e.getLocation() == null ? "?" : e.getLocation().getColumnNr()) + ")");
        }
        if (!(node instanceof ObjectNode object)) {
            throw new ReplayInputException(file, number, null, "must be a JSON object");
        }
        return object;
    }

    ReplayInputException error(Line line, String field, String reason) {
        return new ReplayInputException(file, line.number(), field, reason);
    }

    /** A string field; null when absent or JSON null; blank counts as absent when {@code required}. */
    String string(Line line, String field, boolean required) {
        var node = line.json().get(field);
        if (node == null || node.isNull()) {
            if (required) throw error(line, field, "missing");
            return null;
        }
        if (!node.isTextual()) throw error(line, field, "must be a string");
        if (required && node.asText().isBlank()) throw error(line, field, "must not be blank");
        return node.asText();
    }

    /** An ISO-8601 instant with an offset ({@code 2026-05-01T09:00:00Z} or {@code …+02:00}). */
    Instant instant(Line line, String field) {
        var text = string(line, field, true);
        return parseInstant(text).orElseThrow(() -> error(line, field,
                "not an ISO-8601 time with offset (e.g. 2026-05-01T09:00:00Z)"));
    }

    static java.util.Optional<Instant> parseInstant(String text) {
        try {
            return java.util.Optional.of(OffsetDateTime.parse(text).toInstant());
        } catch (DateTimeException e) {
            return java.util.Optional.empty();
        }
    }

    void onlyFields(Line line, Set<String> allowed) {
        var names = line.json().fieldNames();
        while (names.hasNext()) {
            var name = names.next();
            if (!allowed.contains(name)) throw error(line, name, "unknown field");
        }
    }
}
