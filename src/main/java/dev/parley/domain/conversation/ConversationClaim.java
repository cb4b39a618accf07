package dev.parley.domain.conversation;

import java.time.Instant;

/** An operator's claim on a conversation (team mode): who answers this person, since when. */
public record ConversationClaim(long conversationId, String operator, Instant since) {
}
