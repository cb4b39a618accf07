package dev.parley.application.store;

import dev.parley.domain.conversation.ConversationClaim;
import java.time.Instant;
import java.util.Optional;

/** Which operator has claimed a conversation; at most one claim per conversation. */
public interface ConversationClaims {
    Optional<ConversationClaim> of(long conversationId);

    /** Puts (or replaces) the claim of {@code conversationId}, locking it for this transaction. */
    void claim(long conversationId, String operator, Instant now);

    /** Removes the claim; false when there was none. */
    boolean release(long conversationId);
}
