package dev.parley.domain.message;

import java.time.Instant;

/**
 * An outgoing message waiting in, or leaving through, the outbox. {@code attempts} counts claims (sending attempts);
 * {@code claimedAt} is when the latest one started; {@code replyTo} is the provider's id of the message it answers.
 */
public record OutboxEntry(long id, long conversationId, long contactId, String cause, String purpose, String text,
                          OutboxStatus status, String reason, int attempts, Instant nextAttemptAt,
                          boolean operatorExplicit, String actor, Instant createdAt, Instant sentAt, String replyTo,
                          Instant claimedAt) {
}
