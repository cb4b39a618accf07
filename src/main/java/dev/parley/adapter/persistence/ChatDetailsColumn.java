package dev.parley.adapter.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.application.JsonMappers;
import dev.parley.domain.message.ChatDetails;
import java.time.Instant;
import java.util.ArrayList;

/** {@link ChatDetails} as a JSON text column of the inbox (portable between H2 and PostgreSQL). */
final class ChatDetailsColumn {
    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;

    private ChatDetailsColumn() {
    }

    static String write(ChatDetails d) {
        if (d == null) return null;
        var node = MAPPER.createObjectNode();
        node.put("thread_id", d.threadId());
        node.put("sender_is_bot", d.senderIsBot());
        node.put("sender_handle", d.senderHandle());
        var mentions = node.putArray("mentions");
        d.mentions().forEach(mentions::add);
        node.put("private_chat", d.privateChat());
        node.put("group_title", d.groupTitle());
        if (d.parent() != null) {
            var p = d.parent();
            ObjectNode parent = node.putObject("parent");
            parent.put("provider_id", p.providerId());
            parent.put("sender", p.sender());
            parent.put("sender_name", p.senderName());
            parent.put("sender_handle", p.senderHandle());
            parent.put("from_bot", p.fromBot());
            parent.put("text", p.text());
            parent.put("sent_at", p.sentAt() == null ? null : p.sentAt().toString());
        }
        try {
            return dev.parley.domain.limit.FieldTooLongException.check("chat_details", MAPPER.writeValueAsString(node),
                    dev.parley.domain.limit.FieldLimit.CHAT_DETAILS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static ChatDetails read(String json) {
        if (json == null) return null;
        JsonNode n;
        try {
            n = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable chat_details column", e);
        }
        var mentions = new ArrayList<String>();
        n.path("mentions").forEach(m -> mentions.add(m.asText()));
        ChatDetails.Parent parent = null;
        var p = n.get("parent");
        if (p != null && !p.isNull()) {
            parent = new ChatDetails.Parent(text(p, "provider_id"), text(p, "sender"), text(p, "sender_name"),
                    text(p, "sender_handle"), p.path("from_bot").asBoolean(), text(p, "text"),
                    text(p, "sent_at") == null ? null : Instant.parse(text(p, "sent_at")));
        }
        return new ChatDetails(text(n, "thread_id"), n.path("sender_is_bot").asBoolean(), text(n, "sender_handle"),
                mentions, n.path("private_chat").asBoolean(), text(n, "group_title"), parent);
    }

    private static String text(JsonNode n, String field) {
        var v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
