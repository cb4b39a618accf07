package dev.parley.domain.conversation;

import java.time.Instant;

/** One conversation with one contact, driven by a playbook's state machine. */
public record Conversation(long id, String channel, String key, String playbook, String state,
                           long contactId, boolean automationPaused, String criticalAlertTags,
                           Instant createdAt, Instant updatedAt, long version) {
}
