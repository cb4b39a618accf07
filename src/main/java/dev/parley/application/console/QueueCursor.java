package dev.parley.application.console;

import java.time.Instant;

/** Keyset position in a queue: the last row seen; the next page starts after it. */
public record QueueCursor(Instant at, long id) {
}
