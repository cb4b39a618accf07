package dev.parley.adapter.telegram;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.adapter.http.webhook.SentTimes;
import dev.parley.adapter.http.webhook.WebhookParseException;
import dev.parley.domain.limit.FieldLimit;
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
        var date = epochSeconds(m, "date", "message.date");
        var sender = Sender.of(m, chatId, "message.");
        var text = limited("message.text", text(m), FieldLimit.MESSAGE_TEXT);
        var entities = m.has("entities") ? m.get("entities") : m.get("caption_entities");
        var body = m.has("text") ? m.get("text").asText() : m.has("caption") ? m.get("caption").asText() : "";
        var mentions = mentions(body, entities);
        for (var mention : mentions) limited("message.entities", mention, FieldLimit.HANDLE);
        var reply = m.get("reply_to_message");
        boolean topic = m.path("is_topic_message").asBoolean(false);
        String threadId = m.hasNonNull("message_thread_id")
                ? limited("message.message_thread_id", m.get("message_thread_id").asText(), FieldLimit.PROVIDER_ID)
                : null;
        String replyTo = null;
        ChatDetails.Parent parent = null;
        if (reply != null && reply.isObject() && !isTopicRoot(reply, topic, threadId)) {
            var parentId = requiredLong(reply, "message_id", "message.reply_to_message.message_id");
            replyTo = chatId + ":" + parentId;
            var parentSender = Sender.of(reply, chatId, "message.reply_to_message.");
            parent = new ChatDetails.Parent(replyTo, parentSender.id, parentSender.name, parentSender.handle,
                    parentSender.bot, limited("message.reply_to_message.text", text(reply), FieldLimit.MESSAGE_TEXT),
                    reply.has("date") ? epochSeconds(reply, "date", "message.reply_to_message.date") : null);
        }
        var type = chat.path("type").asText("");
        var title = limited("message.chat.title", chatTitle(chat), FieldLimit.DISPLAY_NAME);
        var details = new ChatDetails(threadId, sender.bot, sender.handle, mentions, type.equals("private"), title,
                parent);
        return new InboundMessage(CHANNEL, chatId + ":" + messageId, Long.toString(chatId), sender.id, null, text,
                replyTo, date, null, sender.name, details);
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
                long offset = e.path("offset").canConvertToLong() ? e.get("offset").asLong() : -1;
                long length = e.path("length").canConvertToLong() ? e.get("length").asLong() : -1;
                // Offsets and lengths are UTF-16 code units, as Java strings count; an entity outside the text is
                // no mention (compared without adding: a huge offset must not wrap around).
                if (offset < 0 || length < 2 || offset > text.length() || length > text.length() - offset) continue;
                var handle = text.substring((int) offset, (int) (offset + length));
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
        /** The sender of message {@code m}; {@code at} names it in errors ({@code "message."}). */
        static Sender of(JsonNode m, long chatId, String at) {
            var senderChat = m.get("sender_chat");
            if (senderChat != null && senderChat.isObject()) {
                var where = at + "sender_chat.";
                return new Sender(limited(where + "id", "chat:" + senderChat.path("id").asText(), FieldLimit.ADDRESS),
                        limited(where + "title", chatTitle(senderChat), FieldLimit.DISPLAY_NAME),
                        username(senderChat, where), false);
            }
            var from = m.get("from");
            if (from == null || !from.isObject()) return new Sender("chat:" + chatId, null, null, false);
            var where = at + "from.";
            if (!from.has("id")) throw new WebhookParseException(where + "id", "required");
            return new Sender(limited(where + "id", from.get("id").asText(), FieldLimit.ADDRESS),
                    limited(where + "first_name", name(from), FieldLimit.DISPLAY_NAME), username(from, where),
                    from.path("is_bot").asBoolean(false));
        }

        private static String username(JsonNode user, String where) {
            return user.hasNonNull("username")
                    ? limited(where + "username", user.get("username").asText(), FieldLimit.HANDLE) : null;
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

    /** {@code value} when {@code limit} admits it; otherwise a {@link WebhookParseException} naming {@code path}. */
    private static String limited(String path, String value, FieldLimit limit) {
        if (!limit.admits(value)) throw new WebhookParseException(path, "is " + limit.describe());
        return value;
    }

    /** A Unix time in seconds, from 1970 to the end of year 9999 ({@link SentTimes}). */
    private static Instant epochSeconds(JsonNode node, String field, String path) {
        return SentTimes.epochSeconds(path, requiredLong(node, field, path));
    }

    private static long requiredLong(JsonNode node, String field, String path) {
        var v = node.get(field);
        if (v == null || !v.canConvertToLong()) throw new WebhookParseException(path, "required, must be an integer");
        return v.asLong();
    }
}
