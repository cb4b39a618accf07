package dev.parley.application.replay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** Writes replay events as a replay file: the inverse of {@link ReplayFileReader}, absent fields left out. */
public final class ReplayFileWriter {
    private ReplayFileWriter() {
    }

    public static String write(List<ReplayEvent> events) {
        var out = new StringBuilder();
        for (var event : events) {
            out.append(line(event)).append('\n');
        }
        return out.toString();
    }

    public static String line(ReplayEvent event) {
        var json = CanonicalJson.object();
        json.put("at", event.at().toString());
        json.put("type", event.type());
        switch (event) {
            case ReplayEvent.Inbound e -> {
                put(json, "id", e.id());
                put(json, "channel", e.channel());
                put(json, "conversation", e.conversation());
                put(json, "from", e.from());
                put(json, "to", e.to());
                put(json, "text", e.text());
                put(json, "reply_to", e.replyTo());
                put(json, "playbook", e.playbook());
                put(json, "sender_name", e.senderName());
            }
            case ReplayEvent.Start e -> {
                put(json, "playbook", e.playbook());
                put(json, "channel", e.channel());
                put(json, "to", e.to());
                put(json, "text", e.text());
                put(json, "actor", e.actor());
            }
            case ReplayEvent.OperatorReply e -> {
                put(json, "conversation", e.conversation());
                put(json, "channel", e.channel());
                put(json, "text", e.text());
                put(json, "actor", e.actor());
            }
            case ReplayEvent.Unblock e -> {
                put(json, "conversation", e.conversation());
                put(json, "channel", e.channel());
                put(json, "resume_state", e.resumeState());
                put(json, "note", e.note());
                put(json, "actor", e.actor());
            }
            case ReplayEvent.External e -> {
                put(json, "conversation", e.conversation());
                put(json, "channel", e.channel());
                put(json, "name", e.name());
                if (e.data() != null && !e.data().isEmpty()) json.set("data", CanonicalJson.tree(e.data()));
                put(json, "actor", e.actor());
            }
            case ReplayEvent.Advance e -> {
            }
        }
        return CanonicalJson.write(json);
    }

    private static void put(ObjectNode json, String field, String value) {
        if (value != null) json.put(field, value);
    }
}
