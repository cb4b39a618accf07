package dev.parley.application.replay;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a replay file (docs/replay.md): JSON Lines, one event a line, {@code at} never decreasing. Unknown types,
 * unknown or missing fields and time going backwards are {@link ReplayInputException}s with the line number.
 */
public final class ReplayFileReader {
    /** Channels a replay may name; the same as the operator API's. */
    public static final Set<String> CHANNELS = Set.of("sms", "chat", "email", "whatsapp", "telegram", "generic",
            "aircall");
    /** The actor of operator events that name none. */
    public static final String DEFAULT_ACTOR = "replay";

    private static final Set<String> COMMON = Set.of("at", "type", "comment");
    private static final Map<String, Set<String>> FIELDS = Map.of(
            "inbound", Set.of("id", "channel", "conversation", "from", "to", "text", "reply_to", "playbook",
                    "sender_name"),
            "start", Set.of("playbook", "channel", "to", "text", "actor"),
            "operator_reply", Set.of("conversation", "channel", "text", "actor"),
            "unblock", Set.of("conversation", "channel", "resume_state", "note", "actor"),
            "event", Set.of("conversation", "channel", "name", "data", "actor"),
            "advance", Set.of());

    private ReplayFileReader() {
    }

    public static List<ReplayEvent> read(Path file) {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(file.toString(), in);
        } catch (IOException e) {
            throw new ReplayInputException(file.toString(), 0, null, "cannot read: " + reasonOf(e));
        }
    }

    public static List<ReplayEvent> read(String name, String content) {
        return read(name, new StringReader(content));
    }

    public static List<ReplayEvent> read(String name, Reader reader) {
        var json = new JsonLines(name);
        var events = new ArrayList<ReplayEvent>();
        Instant previous = null;
        for (var line : json.read(reader)) {
            var type = json.string(line, "type", true);
            var fields = FIELDS.get(type);
            if (fields == null) {
                throw json.error(line, "type", "unknown type '" + type + "'; known: " + FIELDS.keySet().stream()
                        .sorted().toList());
            }
            var allowed = new java.util.HashSet<>(COMMON);
            allowed.addAll(fields);
            json.onlyFields(line, allowed);
            var at = json.instant(line, "at");
            if (previous != null && at.isBefore(previous)) {
                throw json.error(line, "at", "time goes backwards (" + at + " is before " + previous + ")");
            }
            previous = at;
            events.add(event(json, line, type, at));
        }
        return events;
    }

    private static ReplayEvent event(JsonLines json, JsonLines.Line line, String type, Instant at) {
        int n = line.number();
        return switch (type) {
            case "inbound" -> {
                var from = json.string(line, "from", true);
                var conversation = json.string(line, "conversation", false);
                var id = json.string(line, "id", false);
                yield new ReplayEvent.Inbound(at, n, id == null || id.isBlank() ? Integer.toString(n) : id,
                        channel(json, line, "generic"), conversation == null || conversation.isBlank() ? from
                        : conversation, from, json.string(line, "to", false), json.string(line, "text", true),
                        json.string(line, "reply_to", false), json.string(line, "playbook", false),
                        json.string(line, "sender_name", false));
            }
            case "start" -> new ReplayEvent.Start(at, n, json.string(line, "playbook", false),
                    channel(json, line, "sms"), json.string(line, "to", true), json.string(line, "text", true),
                    actor(json, line));
            case "operator_reply" -> new ReplayEvent.OperatorReply(at, n, json.string(line, "conversation", true),
                    channel(json, line, null), json.string(line, "text", true), actor(json, line));
            case "unblock" -> new ReplayEvent.Unblock(at, n, json.string(line, "conversation", true),
                    channel(json, line, null), json.string(line, "resume_state", true),
                    json.string(line, "note", true), actor(json, line));
            case "event" -> new ReplayEvent.External(at, n, json.string(line, "conversation", true),
                    channel(json, line, null), json.string(line, "name", true), data(json, line),
                    json.string(line, "actor", false));
            case "advance" -> new ReplayEvent.Advance(at, n);
            default -> throw new IllegalStateException(type);
        };
    }

    private static String channel(JsonLines json, JsonLines.Line line, String fallback) {
        var channel = json.string(line, "channel", false);
        if (channel == null || channel.isBlank()) return fallback;
        if (!CHANNELS.contains(channel)) {
            throw json.error(line, "channel", "unknown channel '" + channel + "'; known: "
                    + CHANNELS.stream().sorted().toList());
        }
        return channel;
    }

    private static String actor(JsonLines json, JsonLines.Line line) {
        var actor = json.string(line, "actor", false);
        return actor == null || actor.isBlank() ? DEFAULT_ACTOR : actor;
    }

    private static Map<String, Object> data(JsonLines json, JsonLines.Line line) {
        var node = line.json().get("data");
        if (node == null || node.isNull()) return Map.of();
        if (!node.isObject()) throw json.error(line, "data", "must be a JSON object");
        @SuppressWarnings("unchecked")
        Map<String, Object> data = CanonicalJson.MAPPER.convertValue(node, LinkedHashMap.class);
        return data;
    }

    private static String reasonOf(IOException e) {
        return e instanceof java.nio.file.NoSuchFileException ? "no such file" : e.getClass().getSimpleName();
    }
}
