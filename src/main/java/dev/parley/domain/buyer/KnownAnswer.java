package dev.parley.domain.buyer;

import java.time.Instant;

/**
 * A field value a conversation has already looked up or been told ({@code known_answers}): the formatted value and
 * where it came from ({@code catalog} or {@code escalation}).
 */
public record KnownAnswer(String value, String source, Instant at) {
}
