package dev.parley.adapter.memory;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Instants as the database keeps them: {@code timestamp with time zone} holds microseconds and H2 rounds finer
 * values half up, so a time read back is the same from both stores.
 */
final class StoredTime {
    private StoredTime() {
    }

    static Instant of(Instant instant) {
        if (instant == null || instant.getNano() % 1_000 == 0) return instant;
        return instant.plusNanos(500).truncatedTo(ChronoUnit.MICROS);
    }
}
