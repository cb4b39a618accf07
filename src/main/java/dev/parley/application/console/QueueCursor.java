package dev.parley.application.console;

import java.time.Instant;

/**
 * Keyset position in a queue: the last row seen; the next page starts after it. {@code rank} orders Human review
 * by severity before id (critical alerts first, then review-tier warnings, then high-value notifications); it is 0
 * in the other queues.
 */
public record QueueCursor(Instant at, long id, int rank) {
    public QueueCursor(Instant at, long id) {
        this(at, id, 0);
    }
}
