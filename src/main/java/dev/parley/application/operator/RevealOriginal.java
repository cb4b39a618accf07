package dev.parley.application.operator;

import dev.parley.application.JsonDocuments;
import dev.parley.application.store.Transactions;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * An operator reveals the original of a message the safety validator summarised (automation and the first view see
 * only the safe summary). Every reveal is audited, before the text is returned.
 */
public final class RevealOriginal {
    private final Transactions transactions;
    private final Clock clock;

    public RevealOriginal(Transactions transactions, Clock clock) {
        this.transactions = transactions;
        this.clock = clock;
    }

    /** The original text of message {@code messageId}; empty when it was not summarised (its text is the original). */
    public Optional<String> reveal(long messageId, String actor) {
        var who = Require.actor(actor);
        return transactions.inTransaction(store -> {
            var message = store.messages().find(messageId)
                    .orElseThrow(() -> new NotFoundException("message " + messageId));
            var original = store.safetyDecisions().ofMessageSafety(messageId).map(s -> s.originalText());
            if (original.isEmpty()) return Optional.<String>empty();
            store.audit().record(who, "reveal_original", "message", messageId,
                    JsonDocuments.write(Map.of("conversation_id", message.conversationId())), clock.instant());
            return original;
        });
    }
}
