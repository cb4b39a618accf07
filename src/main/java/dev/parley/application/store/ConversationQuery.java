package dev.parley.application.store;

import java.time.Instant;

/** Filters and keyset position for listing conversations; null fields do not filter. */
public record ConversationQuery(String channel, String key, String state, String playbook, int limit,
                                Instant afterUpdatedAt, Long afterId) {
}
