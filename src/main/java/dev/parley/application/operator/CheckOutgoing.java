package dev.parley.application.operator;

import dev.parley.application.safety.ModelSafeText;
import dev.parley.application.safety.ScreenOutbound;
import dev.parley.application.store.Transactions;
import dev.parley.domain.safety.Direction;
import dev.parley.domain.safety.SafetyResult;
import java.time.Clock;
import java.util.Optional;

/**
 * What the validator would decide on an operator's reply if it were sent now, recording nothing: the composer shows
 * a SOFT_REWRITE's rewrite beside the original (the operator chooses which to send) and a HARD_DENY's reason before
 * anything is queued. The outbox decides again, for the record, when it sends. With {@code safety.rewrite=model} the
 * rewrite offered is the model's when it passed the validator again (ADR 0020); the model is asked before the
 * transaction, on the caller's thread (the console's background executor, never the FX thread).
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

    /** The decision, and for a SOFT_REWRITE which rewrite it offers (model or deterministic, and why). */
    public record Checked(SafetyResult result, Optional<ModelSafeText.Choice> rewrite) {
    }

    public Checked check(long conversationId, String text) {
        var prepared = screen.rewrites().prepare(Direction.OUTBOUND, text, conversationId);
        var result = transactions.inTransaction(store -> {
            var conversation = store.conversations().find(conversationId)
                    .orElseThrow(() -> new NotFoundException("conversation " + conversationId));
            var contact = store.contacts().find(conversation.contactId()).orElseThrow();
            var from = store.inbox().lastRecipient(conversation.channel(), conversation.key()).orElse(null);
            var now = clock.instant();
            return screen.check(store, conversation, contact, text, from, true, now, now);
        });
        var chosen = screen.rewrites().choose(result, prepared);
        return new Checked(chosen.result(), chosen.choice());
    }
}
