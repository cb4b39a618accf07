package dev.parley.application.replay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of an expectation ("golden") file: the fields an actual transcript line must have, or, with kind
 * {@code none}, that no line {@code of} a kind follows for the conversation {@code after} a time (and, with
 * {@code until}, up to and including that time: a quiet spell that ends, say, when an operator unblocks).
 */
public record Expectation(String file, int line, ObjectNode json, String kind, String conversation,
                          Instant after, Instant until, String of) {
    public static final String NONE = "none";

    public boolean isNone() {
        return NONE.equals(kind);
    }

    public String where() {
        return file + ":" + line;
    }

    public static List<Expectation> read(Path file) {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(file.toString(), in);
        } catch (IOException e) {
            throw new ReplayInputException(file.toString(), 0, null, e instanceof java.nio.file.NoSuchFileException
                    ? "no such file" : "cannot read: " + e.getClass().getSimpleName());
        }
    }

    public static List<Expectation> read(String name, String content) {
        return read(name, new StringReader(content));
    }

    /** Reads and checks an expectation file; a malformed line is a {@link ReplayInputException}. */
    public static List<Expectation> read(String name, Reader reader) {
        var json = new JsonLines(name);
        var out = new ArrayList<Expectation>();
        for (var line : json.read(reader)) {
            var kind = json.string(line, "kind", true);
            var conversation = json.string(line, "conversation", true);
            Instant after = null;
            Instant until = null;
            String of = null;
            if (NONE.equals(kind)) {
                json.onlyFields(line, java.util.Set.of("kind", "conversation", "after", "until", "of", "comment"));
                after = json.instant(line, "after");
                if (line.json().has("until")) {
                    until = json.instant(line, "until");
                    if (until.isBefore(after)) throw json.error(line, "until", "is before 'after'");
                }
                of = json.string(line, "of", true);
            } else {
                var names = line.json().fieldNames();
                while (names.hasNext()) {
                    var field = names.next();
                    FieldMatch.check(line.json().get(field)).ifPresent(reason -> {
                        throw json.error(line, field, reason);
                    });
                    if (field.equals("at") && JsonLines.parseInstant(line.json().get("at").asText()).isEmpty()) {
                        throw json.error(line, "at", "not an ISO-8601 time with offset");
                    }
                }
            }
            var copy = line.json().deepCopy();
            copy.remove("comment");
            out.add(new Expectation(name, line.number(), copy, kind, conversation, after, until, of));
        }
        return out;
    }
}
