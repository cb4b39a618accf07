package dev.parley.adapter.telegram;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.adapter.http.webhook.WebhookParseException;
import dev.parley.domain.message.ChatDetails;
import dev.parley.domain.message.InboundMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * One Bot API {@code Update}: its id and, when it is a new message someone wrote, that message as Parley receives
 * it. Edits, reactions, membership changes, service messages (a pinned message, a topic created, a member joining)
 * and updates of kinds Parley does not know are acknowledged and ignored ({@link #ignored()} says why).
 *
 * <p>Telegram's message ids are unique only within a chat, so a message's provider id is {@code <chat id>:<message
 * id>}; {@code reply_to} uses the same form. Mentions come from the entities: a {@code mention} entity is the
 * {@code @username} at its offset and length, counted in UTF-16 code units (Java's own string units); a {@code
 * text_mention} names a user without a username by id.
 */
public record TelegramUpdate(long updateId, Optional<InboundMessage> message, String ignored) {

    public static final String CHANNEL = "telegram";
    /** Keys of a message that carries content someone sent (text, caption or media), besides service messages. */
    private static final List<String> CONTENT = List.of("text", "caption", "photo", "sticker", "video", "voice",
            "audio", "document", "animation", "video_note", "dice", "location", "venue", "contact", "poll", "story");

    /** Reads an update object; a malformed one is a {@link WebhookParseException} naming the field. */
    public static TelegramUpdate parse(JsonNode update) {
        if (update == null || !update.isObject()) throw new WebhookParseException("body", "must be a JSON object");
        var id = update.get("update_id");
        if (id == null || !id.canConvertToLong()) {
            throw new WebhookParseException("update_id", "required, must be an integer");
        }
        long updateId = id.asLong();
        var message = update.get("message");
        if (message == null) {
            var kind = update.fieldNames().hasNext() ? firstOtherKey(update) : "none";
            return new TelegramUpdate(updateId, Optional.empty(), "update kind " + kind);
        }
        if (!message.isObject()) throw new WebhookParseException("message", "must be an object");
        if (CONTENT.stream().noneMatch(message::has)) {
            return new TelegramUpdate(updateId, Optional.empty(), "service message");
        }
        return new TelegramUpdate(updateId, Optional.of(inbound(message)), null);
    }

    private static String firstOtherKey(JsonNode update) {
        var names = update.fieldNames();
        while (names.hasNext()) {
            var n = names.next();
            if (!n.equals("update_id")) return n;
        }
        return "none";
    }

    static InboundMessage inbound(JsonNode m) {
        var chat = required(m, "chat");
        var chatId = requiredLong(chat, "id", "message.chat.id");
        var messageId = requiredLong(m, "message_id", "message.message_id");
        var date = requiredLong(m, "date", "message.date");
        var sender = Sender.of(m, chatId);
        var text = text(m);
        var entities = m.has("entities") ? m.get("entities") : m.get("caption_entities");
        var body = m.has("text") ? m.get("text").asText() : m.has("caption") ? m.get("caption").asText() : "";
        var mentions = mentions(body, entities);
        var reply = m.get("reply_to_message");
        boolean topic = m.path("is_topic_message").asBoolean(false);
        String threadId = m.hasNonNull("message_thread_id") ? m.get("message_thread_id").asText() : null;
        String replyTo = null;
        ChatDetails.Parent parent = null;
        if (reply != null && reply.isObject() && !isTopicRoot(reply, topic, threadId)) {
            var parentId = requiredLong(reply, "message_id", "message.reply_to_message.message_id");
            replyTo = chatId + ":" + parentId;
            var parentSender = Sender.of(reply, chatId);
            parent = new ChatDetails.Parent(replyTo, parentSender.id, parentSender.name, parentSender.handle,
                    parentSender.bot, text(reply),
                    reply.has("date") ? Instant.ofEpochSecond(reply.get("date").asLong()) : null);
        }
        var type = chat.path("type").asText("");
        var details = new ChatDetails(threadId, sender.bot, sender.handle, mentions, type.equals("private"),
                chatTitle(chat), parent);
        return new InboundMessage(CHANNEL, chatId + ":" + messageId, Long.toString(chatId), sender.id, null, text,
                replyTo, Instant.ofEpochSecond(date), null, sender.name, details);
    }

    /** In a forum topic every message "replies" to the topic's first message; that is no reply. */
    private static boolean isTopicRoot(JsonNode reply, boolean topic, String threadId) {
        if (reply.has("forum_topic_created")) return true;
        return topic && threadId != null && threadId.equals(reply.path("message_id").asText());
    }

    /** The text, the caption, or what was sent in brackets ("[photo]") so the message is not lost to context. */
    static String text(JsonNode m) {
        var text = m.has("text") ? m.get("text").asText() : m.has("caption") ? m.get("caption").asText() : null;
        String media = null;
        for (var key : CONTENT) {
            if (!key.equals("text") && !key.equals("caption") && m.has(key)) {
                media = key.replace('_', ' ');
                break;
            }
        }
        if (media != null && m.has("dice")) media = "dice " + m.get("dice").path("emoji").asText("");
        if (text == null || text.isEmpty()) return media == null ? "" : "[" + media.strip() + "]";
        return media == null ? text : "[" + media.strip() + "] " + text;
    }

    /** Usernames of {@code mention} entities and user ids (and usernames) of {@code text_mention} entities. */
    static List<String> mentions(String text, JsonNode entities) {
        var out = new LinkedHashSet<String>();
        if (entities == null || !entities.isArray()) return List.of();
        for (var e : entities) {
            var type = e.path("type").asText("");
            if (type.equals("mention")) {
                int offset = e.path("offset").asInt(-1);
                int length = e.path("length").asInt(-1);
                // Offsets and lengths are UTF-16 code units, as Java strings count.
                if (offset < 0 || length < 2 || offset + length > text.length()) continue;
                var handle = text.substring(offset, offset + length);
                if (handle.startsWith("@")) out.add(handle.substring(1));
            } else if (type.equals("text_mention") && e.has("user")) {
                var user = e.get("user");
                if (user.has("id")) out.add(user.get("id").asText());
                if (user.hasNonNull("username")) out.add(user.get("username").asText());
            }
        }
        return new ArrayList<>(out);
    }

    private static String chatTitle(JsonNode chat) {
        if (chat.hasNonNull("title")) return chat.get("title").asText();
        return Sender.name(chat);
    }

    /** Who sent a message: the user, or the chat an anonymous admin or a channel speaks for. */
    private record Sender(String id, String name, String handle, boolean bot) {
        static Sender of(JsonNode m, long chatId) {
            var senderChat = m.get("sender_chat");
            if (senderChat != null && senderChat.isObject()) {
                return new Sender("chat:" + senderChat.path("id").asText(), chatTitle(senderChat),
                        senderChat.hasNonNull("username") ? senderChat.get("username").asText() : null, false);
            }
            var from = m.get("from");
            if (from == null || !from.isObject()) return new Sender("chat:" + chatId, null, null, false);
            if (!from.has("id")) throw new WebhookParseException("message.from.id", "required");
            return new Sender(from.get("id").asText(), name(from),
                    from.hasNonNull("username") ? from.get("username").asText() : null,
                    from.path("is_bot").asBoolean(false));
        }

        static String name(JsonNode user) {
            var first = user.path("first_name").asText("");
            var last = user.path("last_name").asText("");
            var full = (first + " " + last).strip();
            return full.isEmpty() ? null : full;
        }
    }

    private static JsonNode required(JsonNode node, String field) {
        var v = node.get(field);
        if (v == null || !v.isObject()) throw new WebhookParseException("message." + field, "required object");
        return v;
    }

    private static long requiredLong(JsonNode node, String field, String path) {
        var v = node.get(field);
        if (v == null || !v.canConvertToLong()) throw new WebhookParseException(path, "required, must be an integer");
        return v.asLong();
    }
}
