package dev.parley.adapter.http.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.domain.limit.FieldLimit;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;

/**
 * An Aircall webhook event (Aircall Public API): {@code {"resource": "message", "event": "message.received",
 * "timestamp": …, "token": "…", "data": {"id": …, "body": "…", "external_number": "+1 313-555-0101",
 * "raw_digits": …, "number": {"id": 1234, "digits": "+1 248-555-0100", …}, "created_at": …}}}.
 * Aircall signs nothing: the body's {@code token} is the webhook's secret. {@link #toString()} shows ids only.
 *
 * @param token the webhook token the body carries (compared by the caller, in constant time)
 * @param event e.g. {@code message.received}; other events are acknowledged and ignored
 * @param id Aircall's message id (for {@code message.received})
 * @param from the buyer's number in E.164
 * @param numberId our Aircall number's id, or null
 * @param numberDigits our number in E.164, or null
 */
public record AircallInbound(String token, String event, String id, String from, String text, String numberId,
                             String numberDigits, Instant sentAt) {
    public static final String MESSAGE_RECEIVED = "message.received";
    private static final ObjectMapper JSON = JsonMappers.PLAIN;

    /** Reads the token and event of any body; the message fields only for {@code message.received}. */
    public static AircallInbound parse(byte[] body) {
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (IOException e) {
            throw new WebhookParseException("body", "not valid JSON");
        }
        if (root == null || !root.isObject()) throw new WebhookParseException("body", "must be a JSON object");
        var token = text(root, "token", "");
        var event = text(root, "event", "");
        if (token == null) throw new WebhookParseException("token", "required");
        if (event == null) throw new WebhookParseException("event", "required");
        if (!MESSAGE_RECEIVED.equals(event)) return new AircallInbound(token, event, null, null, null, null, null, null);
        var data = root.path("data");
        if (!data.isObject()) throw new WebhookParseException("data", "required object");
        var id = text(data, "id", "data.");
        if (id == null) throw new WebhookParseException("data.id", "required");
        var rawFrom = text(data, "external_number", "data.") != null ? text(data, "external_number", "data.")
                : text(data, "raw_digits", "data.");
        if (rawFrom == null) throw new WebhookParseException("data.external_number", "required");
        var from = e164(rawFrom);
        if (from == null) throw new WebhookParseException("data.external_number", "not a phone number");
        var bodyNode = data.path("body");
        if (!bodyNode.isMissingNode() && !bodyNode.isNull() && !bodyNode.isTextual()) {
            throw new WebhookParseException("data.body", "must be text");
        }
        var text = bodyNode.isTextual() ? bodyNode.asText() : "";
        if (!FieldLimit.MESSAGE_TEXT.admits(text)) {
            throw new WebhookParseException("data.body", "is " + FieldLimit.MESSAGE_TEXT.describe());
        }
        var number = data.path("number");
        var numberId = number.isObject() ? text(number, "id", "data.number.") : null;
        var digits = number.isObject() && text(number, "digits", "data.number.") != null
                ? e164(text(number, "digits", "data.number.")) : null;
        return new AircallInbound(token, event, id, from, text, numberId, digits,
                SentTimes.within("data.created_at", time(data.path("created_at"))));
    }

    public boolean isMessage() {
        return MESSAGE_RECEIVED.equals(event);
    }

    /** Field {@code field} of {@code node} ({@code at} + {@code field} in errors), at most an id's or address's limit. */
    private static String text(JsonNode node, String field, String at) {
        var v = node.path(field);
        if (v.isTextual()) {
            var s = v.asText().strip();
            if (!FieldLimit.PROVIDER_ID.admits(s)) throw new WebhookParseException(at + field, "is "
                    + FieldLimit.PROVIDER_ID.describe());
            return s.isEmpty() ? null : s;
        }
        if (v.isIntegralNumber()) return v.asText();
        if (v.isMissingNode() || v.isNull()) return null;
        throw new WebhookParseException(at + field, "must be text or a number");
    }

    /** "+1 313-555-0101", "13135550101", "(313) 555-0101" → "+13135550101"; null when it is no number. */
    static String e164(String raw) {
        var digits = raw.replaceAll("[\\s().\\-]", "");
        if (digits.startsWith("+")) return digits.substring(1).matches("[1-9]\\d{6,14}") ? digits : null;
        if (!digits.matches("\\d{7,15}")) return null;
        if (digits.length() == 10) return "+1" + digits;
        return "+" + digits;
    }

    /** Aircall sends epoch seconds (some payloads milliseconds, some ISO-8601); null when absent or unreadable. */
    private static Instant time(JsonNode v) {
        try {
            if (v.isNumber()) {
                long n = v.asLong();
                return n > 100_000_000_000L ? Instant.ofEpochMilli(n) : Instant.ofEpochSecond(n);
            }
            if (v.isTextual()) {
                var s = v.asText();
                if (s.matches("\\d{9,13}")) return time(JSON.getNodeFactory().numberNode(Long.parseLong(s)));
                return Instant.parse(s);
            }
        } catch (DateTimeException | ArithmeticException e) {
            throw new WebhookParseException("data.created_at", "not a time");
        }
        return null;
    }

    @Override
    public String toString() {
        return "AircallInbound[event=" + event + ", id=" + id + ", numberId=" + numberId + "]";
    }
}
