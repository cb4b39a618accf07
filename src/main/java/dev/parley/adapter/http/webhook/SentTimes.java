package dev.parley.adapter.http.webhook;

import java.time.Instant;

/**
 * The times a channel says a message was sent, held to what a store keeps: from 1970 to the end of year 9999. A time
 * outside (a Unix time of 2^63 - 1 seconds, a year of nine digits) is a 400 naming the field, not a failure later.
 */
public final class SentTimes {
    static final Instant EARLIEST = Instant.EPOCH;
    static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

    private SentTimes() {
    }

    /** {@code at} when it lies within the range; null stays null. */
    public static Instant within(String field, Instant at) {
        if (at != null && (at.isBefore(EARLIEST) || at.isAfter(LATEST))) throw outside(field);
        return at;
    }

    /** A Unix time in seconds, within the range. */
    public static Instant epochSeconds(String field, long seconds) {
        if (seconds < EARLIEST.getEpochSecond() || seconds > LATEST.getEpochSecond()) throw outside(field);
        return Instant.ofEpochSecond(seconds);
    }

    private static WebhookParseException outside(String field) {
        return new WebhookParseException(field, "must be a time from 1970 to 9999");
    }
}
