package dev.parley.application.store;

import java.time.Instant;
import java.util.Optional;

/**
 * External events delivered with an idempotency key ({@code webhook-id} or {@code Idempotency-Key}): a key seen
 * before for the same conversation is answered from its receipt, and the event is not delivered again.
 */
public interface EventReceipts {
    /** What a first delivery left: the event's name and the conversation's state after it. */
    record Receipt(String name, String stateAfter, Instant receivedAt) {
    }

    Optional<Receipt> find(long conversationId, String key);

    void record(long conversationId, String key, String name, String stateAfter, Instant now);
}
