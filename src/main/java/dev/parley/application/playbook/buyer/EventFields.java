package dev.parley.application.playbook.buyer;

import dev.parley.application.operator.InvalidRequestException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Map;

/** Reads the fields of a booking event's {@code data}; a missing or malformed one is refused naming its field. */
final class EventFields {
    private EventFields() {
    }

    /** The field as stripped text; null when absent or blank. */
    static String text(Map<String, Object> data, String key) {
        var v = data == null ? null : data.get(key);
        if (v == null) return null;
        var s = v.toString().strip();
        return s.isEmpty() ? null : s;
    }

    /** A required ISO-8601 time with an offset (or a UTC instant). */
    static Instant instant(Map<String, Object> data, String key) {
        var raw = text(data, key);
        if (raw == null) throw new InvalidRequestException("data." + key, key + " (ISO-8601 time) is required");
        try {
            return OffsetDateTime.parse(raw).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return Instant.parse(raw);
            } catch (DateTimeParseException e2) {
                throw new InvalidRequestException("data." + key, key + " must be an ISO-8601 time with an offset, "
                        + "such as 2025-03-06T10:00:00-05:00");
            }
        }
    }

    /** A required date YYYY-MM-DD. */
    static LocalDate date(Map<String, Object> data, String key) {
        var raw = text(data, key);
        if (raw == null) throw new InvalidRequestException("data." + key, key + " (YYYY-MM-DD) is required");
        try {
            return LocalDate.parse(raw);
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException("data." + key, key + " must be a date YYYY-MM-DD");
        }
    }

    /** A required listing id of the catalogue. */
    static long listingId(Map<String, Object> data, String key) {
        var raw = text(data, key);
        try {
            return Long.parseLong(raw == null ? "" : raw);
        } catch (NumberFormatException e) {
            throw new InvalidRequestException("data." + key, key + " must be a listing id");
        }
    }
}
