package dev.parley.adapter.http.webhook;

import java.util.Locale;
import java.util.Optional;

/** Channel a webhook message arrived on, as spelled on the wire (lower case). */
public enum WebhookChannel {
    SMS,
    CHAT,
    EMAIL,
    WHATSAPP,
    TELEGRAM,
    GENERIC;

    /** The lower-case name used in JSON payloads. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Case-insensitive lookup of a wire name; empty for anything unknown. */
    public static Optional<WebhookChannel> fromWireName(String value) {
        for (WebhookChannel channel : values()) {
            if (channel.wireName().equalsIgnoreCase(value)) {
                return Optional.of(channel);
            }
        }
        return Optional.empty();
    }
}
