package dev.parley.application.operator;

import dev.parley.application.safety.ModelSafeText;
import dev.parley.application.safety.ScreenOutbound;
import dev.parley.application.playbook.SlowCalls;
import dev.parley.application.stage.StoreBackend;
import dev.parley.application.store.Transactions;
import dev.parley.domain.message.Direction;
import dev.parley.domain.safety.SafetyDecision;
import dev.parley.domain.safety.SafetyResult;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the validator would decide on an operator's reply if it were sent now, recording nothing: the composer shows
 * a SOFT_REWRITE's rewrite beside the original (the operator chooses which to send) and a HARD_DENY's reason before
 * anything is queued. The outbox decides again, for the record, when it sends.
 * <p>
 * {@link #check} is quick (the deterministic rewrite: the composer runs it as the operator types).
 * {@link #withModelRewrite} also asks the model, with {@code safety.rewrite=model} (ADR 0020): before the transaction,
 * on the caller's thread (the console's background executor, never the FX thread); the rewrite offered is then the
 * model's when the validator accepted it. The last few model answers are kept by content, so a draft typed again is not
 * asked again (an unavailable model is asked again).
 */
public final class CheckOutgoing {
    private static final int REMEMBERED = 32;

    private final Transactions transactions;
    private final ScreenOutbound screen;
    private final Clock clock;
    private final Map<String, ModelSafeText.Prepared> answered = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ModelSafeText.Prepared> eldest) {
            return size() > REMEMBERED;
        }
    };

    public CheckOutgoing(Transactions transactions, ScreenOutbound screen, Clock clock) {
        this.transactions = transactions;
        this.screen = screen;
        this.clock = clock;
    }

    /** The decision, and for a SOFT_REWRITE which rewrite it offers (model or deterministic, and why). */
    public record Checked(SafetyResult result, Optional<ModelSafeText.Choice> rewrite) {
        /** True when the rewrite offered is the model's. */
        public boolean modelRewrite() {
            return rewrite.filter(c -> ModelSafeText.Choice.MODEL.equals(c.used())).isPresent();
        }
    }

    /** True when {@code safety.rewrite=model} now: {@link #withModelRewrite} would ask the model. */
    public boolean modelRewriteOn() {
        return screen.rewrites().enabled();
    }

    /** The decision with the deterministic rewrite; never asks a model. */
    public Checked check(long conversationId, String text) {
        var result = decide(conversationId, text);
        return new Checked(result, result.decision() == SafetyDecision.SOFT_REWRITE
                ? Optional.of(ModelSafeText.Choice.deterministic(null)) : Optional.empty());
    }

    /** The decision with the model's rewrite when it is on and accepted, else as {@link #check}. */
    public Checked withModelRewrite(long conversationId, String text) {
        var prepared = prepared(conversationId, text);
        var chosen = screen.rewrites().choose(decide(conversationId, text), prepared);
        return new Checked(chosen.result(), chosen.choice());
    }

    private Optional<ModelSafeText.Prepared> prepared(long conversationId, String text) {
        var key = dev.parley.domain.safety.TraceIds.sha256(text == null ? "" : text);
        synchronized (answered) {
            var known = answered.get(key);
            if (known != null) return Optional.of(known);
        }
        var prepared = screen.rewrites().prepare(Direction.OUT, text, conversationId);
        prepared.filter(p -> p.refusal() == null || !p.refusal().startsWith("model_"))
                .ifPresent(p -> {
                    synchronized (answered) {
                        answered.put(key, p);
                    }
                });
        return prepared;
    }

    private SafetyResult decide(long conversationId, String text) {
        return transactions.inTransaction(store -> {
            var conversation = store.conversations().find(conversationId)
                    .orElseThrow(() -> new NotFoundException("conversation " + conversationId));
            var contact = store.contacts().find(conversation.contactId()).orElseThrow();
            var from = store.inbox().lastRecipient(conversation.channel(), conversation.key()).orElse(null);
            var now = clock.instant();
            return screen.check(new StoreBackend(store, SlowCalls.FORBIDDEN), conversation, contact, text, from, true,
                    now, now);
        });
    }
}
