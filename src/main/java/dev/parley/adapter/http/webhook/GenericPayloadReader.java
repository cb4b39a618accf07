package dev.parley.adapter.http.webhook;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.parley.application.JsonMappers;
import dev.parley.domain.limit.FieldLimit;
import java.io.IOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * Reads {@link GenericWebhookPayload} via Jackson's tree model and validates field by field, so
 * every failure names its field. Jackson's own messages are never passed on: they quote input.
 */
final class GenericPayloadReader {

    /** Room for the longest text even if every character arrives as a 12-byte surrogate escape. */
    static final int MAX_BODY_BYTES = 256 * 1024;

    // Strict: two "text" keys would let a proxy and Parley disagree about the message.
    private static final JsonMapper MAPPER = JsonMappers.strictWithin(64, MAX_BODY_BYTES);

    private GenericPayloadReader() {}

    static GenericWebhookPayload read(byte[] json) {
        if (json == null || json.length == 0) {
            throw new WebhookParseException("body", "empty body");
        }
        if (json.length > MAX_BODY_BYTES) {
            throw new WebhookParseException("body", "body exceeds " + MAX_BODY_BYTES + " bytes");
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JacksonException e) {
            throw new WebhookParseException("body", "malformed JSON");
        } catch (IOException e) {
            throw new WebhookParseException("body", "unreadable JSON");
        }
        if (root == null || !root.isObject()) {
            throw new WebhookParseException("body", "must be a JSON object");
        }
        // Required fields are checked in the documented order, so a body lacking several names the first: id.
        String id = requiredString(root, "id", FieldLimit.PROVIDER_ID);
        String from = requiredString(root, "from", FieldLimit.ADDRESS);
        String conversation = optionalString(root, "conversation", FieldLimit.CONVERSATION_KEY);
        return new GenericWebhookPayload(
                id,
                channel(root),
                conversation == null ? from : conversation,
                from,
                optionalString(root, "to", FieldLimit.ADDRESS),
                text(root),
                sentAt(root),
                optionalString(root, "reply_to", FieldLimit.PROVIDER_ID),
                optionalString(root, "playbook", FieldLimit.PLAYBOOK),
                optionalString(root, "sender_name", FieldLimit.DISPLAY_NAME));
    }

    private static String requiredString(JsonNode root, String field, FieldLimit limit) {
        String value = optionalString(root, field, limit);
        if (value == null || value.isBlank()) {
            throw new WebhookParseException(field, "required, must be a non-blank string");
        }
        return value;
    }

    /** Null when absent, JSON null or empty; otherwise a string within {@code limit}. */
    private static String optionalString(JsonNode root, String field, FieldLimit limit) {
        String value = optionalString(root, field);
        if (!limit.admits(value)) {
            throw new WebhookParseException(field, limit.describe());
        }
        return value;
    }

    /** Null when absent, JSON null or empty; otherwise the string (a non-string is refused). */
    private static String optionalString(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            throw new WebhookParseException(field, "must be a string, got " + node.getNodeType().name().toLowerCase(Locale.ROOT));
        }
        String value = node.textValue();
        return value.isEmpty() ? null : value;
    }

    private static String text(JsonNode root) {
        return requiredString(root, "text", FieldLimit.MESSAGE_TEXT);
    }

    private static WebhookChannel channel(JsonNode root) {
        JsonNode node = root.get("channel");
        if (node == null || node.isNull()) {
            return WebhookChannel.GENERIC;
        }
        if (!node.isTextual()) {
            throw new WebhookParseException("channel", "must be a string");
        }
        return WebhookChannel.fromWireName(node.textValue())
                .orElseThrow(() -> new WebhookParseException(
                        "channel", "unknown channel; expected one of sms, chat, email, whatsapp, telegram, generic"));
    }

    private static Instant sentAt(JsonNode root) {
        String raw = optionalString(root, "sent_at");
        if (raw == null) {
            return null;
        }
        try {
            if (raw.length() <= 64) {
                return SentTimes.within("sent_at", OffsetDateTime.parse(raw).toInstant());
            }
        } catch (DateTimeParseException e) {
            // answered below
        }
        throw new WebhookParseException(
                "sent_at", "must be an ISO-8601 date-time with offset, e.g. 2024-05-01T12:00:00Z");
    }
}
