package dev.parley.adapter.http.webhook;

import java.time.Instant;
import java.util.Objects;

/**
 * Parley's own provider-neutral inbound webhook, for bridges that are not Twilio:
 *
 * <pre>{@code
 * {"id": "...", "channel": "sms|chat|email|whatsapp|telegram|generic", "conversation": "...",
 *  "from": "...", "to": "...", "text": "...", "sent_at": "2024-05-01T12:00:00+02:00",
 *  "reply_to": "...", "playbook": "...", "sender_name": "..."}
 * }</pre>
 *
 * <p>{@link #toString()} shows only ids: the other fields hold addresses and message text.
 *
 * @param id provider message id, required
 * @param channel defaults to {@link WebhookChannel#GENERIC}
 * @param conversation conversation key; defaults to {@code from}
 * @param from sender address, required
 * @param to recipient address, or null
 * @param text message text, required, at most {@link dev.parley.domain.limit.FieldLimit#MESSAGE_TEXT}
 * @param sentAt when the provider says it was sent, or null
 * @param replyTo provider id of the message this one answers, or null
 * @param playbook name of the playbook to run, or null
 * @param senderName display name of the sender, or null
 */
public record GenericWebhookPayload(
        String id,
        WebhookChannel channel,
        String conversation,
        String from,
        String to,
        String text,
        Instant sentAt,
        String replyTo,
        String playbook,
        String senderName) {

    public GenericWebhookPayload {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(conversation, "conversation");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(text, "text");
    }

    /**
     * Parses and validates a JSON body. Unknown fields are ignored.
     *
     * @throws WebhookParseException for malformed JSON, a non-object body, a missing or blank
     *     required field, a wrong type, an unknown channel, a bad timestamp or a field longer than its
     *     {@link dev.parley.domain.limit.FieldLimit}
     */
    public static GenericWebhookPayload parse(byte[] json) {
        return GenericPayloadReader.read(json);
    }

    @Override
    public String toString() {
        return "GenericWebhookPayload[id=" + id + ", channel=" + channel.wireName() + "]";
    }
}
