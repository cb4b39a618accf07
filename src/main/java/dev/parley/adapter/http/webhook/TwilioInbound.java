package dev.parley.adapter.http.webhook;

import dev.parley.domain.limit.FieldLimit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An inbound Twilio Messaging webhook (SMS or WhatsApp), read from its form params.
 *
 * <p>{@link #toString()} shows only ids: the other fields hold phone numbers and message text.
 *
 * @param messageSid Twilio's message id ({@code MessageSid}), required
 * @param accountSid the receiving account ({@code AccountSid}), or null
 * @param from sender address ({@code From}), required; keeps its {@code whatsapp:} prefix, which
 *     replies need
 * @param to our number ({@code To}), or null
 * @param body message text ({@code Body}), {@code ""} when absent
 * @param numMedia the declared attachment count ({@code NumMedia}), 0 when absent
 * @param media attachments {@code MediaUrl{N}}/{@code MediaContentType{N}} for N below numMedia
 *     that carry a URL
 * @param profileName WhatsApp display name ({@code ProfileName}), or null
 * @param channel {@link WebhookChannel#WHATSAPP} when From starts with {@code whatsapp:}, else
 *     {@link WebhookChannel#SMS}
 * @param params every form param, for fields not modelled here
 */
public record TwilioInbound(
        String messageSid,
        String accountSid,
        String from,
        String to,
        String body,
        int numMedia,
        List<Media> media,
        String profileName,
        WebhookChannel channel,
        FormParams params) {

    /** Twilio allows at most 10 media per message; anything far beyond is a forged body. */
    public static final int MAX_MEDIA = 100;
    static final String WHATSAPP_PREFIX = "whatsapp:";

    /** One attachment; {@code contentType} may be null if Twilio omitted it. */
    public record Media(String url, String contentType) {
        public Media {
            Objects.requireNonNull(url, "url");
        }
    }

    public TwilioInbound {
        Objects.requireNonNull(messageSid, "messageSid");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(params, "params");
        media = List.copyOf(media);
    }

    /** Parses a raw form body; see {@link #from(FormParams)}. */
    public static TwilioInbound parse(byte[] formBody) {
        return from(FormBody.parse(formBody));
    }

    /**
     * Reads the Twilio fields from already-decoded form params.
     *
     * @throws WebhookParseException naming the Twilio param when a required one is missing or blank,
     *     a value is longer than its {@link FieldLimit}, or NumMedia is not a small non-negative integer
     */
    public static TwilioInbound from(FormParams form) {
        String messageSid = required(form, "MessageSid");
        String from = required(form, "From");
        int numMedia = numMedia(form);
        List<Media> media = new ArrayList<>();
        for (int i = 0; i < numMedia; i++) {
            String url = form.first("MediaUrl" + i).orElse(null);
            if (url != null && !url.isEmpty()) {
                media.add(new Media(url, form.first("MediaContentType" + i).orElse(null)));
            }
        }
        WebhookChannel channel = from.startsWith(WHATSAPP_PREFIX) ? WebhookChannel.WHATSAPP : WebhookChannel.SMS;
        String to = optional(form, "To");
        String body = form.first("Body").orElse("");
        String profileName = optional(form, "ProfileName");
        // Checked as stored: addresses without their whatsapp: prefix.
        withinLimit("MessageSid", messageSid, FieldLimit.PROVIDER_ID);
        withinLimit("From", address(from), FieldLimit.ADDRESS);
        withinLimit("To", address(to), FieldLimit.ADDRESS);
        withinLimit("Body", body, FieldLimit.MESSAGE_TEXT);
        withinLimit("ProfileName", profileName, FieldLimit.DISPLAY_NAME);
        return new TwilioInbound(
                messageSid,
                optional(form, "AccountSid"),
                from,
                to,
                body,
                numMedia,
                media,
                profileName,
                channel,
                form);
    }

    /** The address as Parley stores it: without the {@code whatsapp:} prefix. Null stays null. */
    public static String address(String value) {
        return value != null && value.startsWith(WHATSAPP_PREFIX) ? value.substring(WHATSAPP_PREFIX.length()) : value;
    }

    private static void withinLimit(String name, String value, FieldLimit limit) {
        if (!limit.admits(value)) {
            throw new WebhookParseException(name, limit.describe());
        }
    }

    private static String required(FormParams form, String name) {
        String value = form.first(name).orElse("");
        if (value.isBlank()) {
            throw new WebhookParseException(name, "required Twilio param is missing or blank");
        }
        return value;
    }

    private static String optional(FormParams form, String name) {
        return form.first(name).filter(v -> !v.isEmpty()).orElse(null);
    }

    private static int numMedia(FormParams form) {
        String raw = form.first("NumMedia").orElse("");
        if (raw.isEmpty()) {
            return 0;
        }
        if (raw.length() > 3 || !raw.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new WebhookParseException("NumMedia", "must be a non-negative integer up to " + MAX_MEDIA);
        }
        int value = Integer.parseInt(raw);
        if (value > MAX_MEDIA) {
            throw new WebhookParseException("NumMedia", "must be a non-negative integer up to " + MAX_MEDIA);
        }
        return value;
    }

    @Override
    public String toString() {
        return "TwilioInbound[messageSid=" + messageSid + ", channel=" + channel.wireName()
                + ", numMedia=" + numMedia + "]";
    }
}
