package dev.parley.application.operator;

import dev.parley.application.safety.ScreenOutbound;
import dev.parley.application.store.Transactions;
import dev.parley.domain.safety.SafetyResult;
import java.time.Clock;

/**
 * What the validator would decide on an operator's reply if it were sent now, recording nothing: the composer shows
 * a SOFT_REWRITE's rewrite beside the original (the operator chooses which to send) and a HARD_DENY's reason before
 * anything is queued. The outbox decides again, for the record, when it sends.
 */
public final class CheckOutgoing {
    private final Transactions transactions;
    private final ScreenOutbound screen;
    private final Clock clock;

    public CheckOutgoing(Transactions transactions, ScreenOutbound screen, Clock clock) {
        this.transactions = transactions;
        this.screen = screen;
        this.clock = clock;
    }

    public SafetyResult check(long conversationId, String text) {
        return transactions.inTransaction(store -> {
            var conversation = store.conversations().find(conversationId)
                    .orElseThrow(() -> new NotFoundException("conversation " + conversationId));
            var contact = store.contacts().find(conversation.contactId()).orElseThrow();
            var from = store.inbox().lastRecipient(conversation.channel(), conversation.key()).orElse(null);
            var now = clock.instant();
            return screen.check(store, conversation, contact, text, from, true, now, now);
        });
    }
}
