package dev.parley.domain.fsm;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A playbook's free-form settings (JSON scalars, lists and objects as plain Java values), read
 * through typed accessors that fall back to a default when the key is absent.
 */
public record PlaybookSettings(Map<String, Object> values) {

    public PlaybookSettings {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public static PlaybookSettings none() {
        return new PlaybookSettings(Map.of());
    }

    public Optional<Object> value(String key) {
        return Optional.ofNullable(values.get(key));
    }

    /** @throws IllegalArgumentException if present but not a boolean */
    public boolean flag(String key, boolean fallback) {
        Object v = values.get(key);
        if (v == null) {
            return fallback;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        throw new IllegalArgumentException("setting '" + key + "' is not a boolean: " + v);
    }

    /** @throws IllegalArgumentException if present but not a whole number */
    public int integer(String key, int fallback) {
        Object v = values.get(key);
        if (v == null) {
            return fallback;
        }
        if (v instanceof Integer i) {
            return i;
        }
        throw new IllegalArgumentException("setting '" + key + "' is not a whole number: " + v);
    }

    /** @throws IllegalArgumentException if present but not an ISO-8601 duration like {@code P14D} */
    public Duration duration(String key, Duration fallback) {
        Object v = values.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            return Duration.parse(v.toString());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("setting '" + key + "' is not an ISO-8601 duration: " + v, e);
        }
    }

    public String text(String key, String fallback) {
        Object v = values.get(key);
        return v == null ? fallback : v.toString();
    }
}
