package dev.parley.domain.conversation;

import java.time.Instant;

/** A to-do task created from a conversation. */
public record ConversationTask(long id, long conversationId, Long messageId, String text, String kind,
                               String status, Instant createdAt) {
}
