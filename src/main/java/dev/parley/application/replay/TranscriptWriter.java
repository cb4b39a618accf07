package dev.parley.application.replay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Writes transcript lines as canonical JSON Lines: {@code at}, {@code kind}, {@code conversation}, then the
 * kind's fields in their fixed order; {@code \n} line ends whatever the platform, so runs are byte-identical.
 */
public final class TranscriptWriter {
    private final Writer out;

    public TranscriptWriter(Writer out) {
        this.out = out;
    }

    public void write(TranscriptLine line) {
        try {
            out.write(json(line));
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String json(TranscriptLine line) {
        return CanonicalJson.write(node(line));
    }

    /** The line as a JSON object, as written (expectations compare against this). */
    public static ObjectNode node(TranscriptLine line) {
        var json = CanonicalJson.object();
        json.put("at", line.at().toString());
        json.put("kind", line.kind());
        json.put("conversation", line.conversation());
        line.fields().forEach((key, value) -> {
            switch (value) {
                case null -> json.putNull(key);
                case String s -> json.put(key, s);
                case Integer i -> json.put(key, i);
                case Long l -> json.put(key, l);
                default -> json.set(key, CanonicalJson.tree(value));
            }
        });
        return json;
    }
}
