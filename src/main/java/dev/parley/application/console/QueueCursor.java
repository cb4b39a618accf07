package dev.parley.application.console;

import java.time.Instant;

/**
 * Keyset position in a queue: the last row seen; the next page starts after it. {@code rank} is the leading sort
 * key where the order has one (Human review's tier, the attention level when sorting by severity), else 0.
 */
public record QueueCursor(int rank, Instant at, long id) {
    public QueueCursor(Instant at, long id) {
        this(0, at, id);
    }
}
