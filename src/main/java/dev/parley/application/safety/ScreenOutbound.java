package dev.parley.application.safety;

import dev.parley.application.PipelineEvent;
import dev.parley.application.playbook.ConversationReads;
import dev.parley.application.playbook.Effect;
import dev.parley.application.playbook.SessionBackend;
import dev.parley.domain.contact.Contact;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.domain.message.Direction;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.SafetyResult;
import dev.parley.domain.safety.SafetyValidator;
import dev.parley.domain.safety.ZoneLookup;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Seed 002 on every outbound message, automated and operator's alike, when the outbox claims the row for its first
 * attempt (in the claim's transaction, under the contact's lock):
 * <ul>
 *   <li>ALLOW: sent as written;</li>
 *   <li>SOFT_REWRITE: an automated message is sent as the rewrite (the row's text is replaced); an operator's is sent
 *   as the operator chose, having seen the rewrite beside it in the composer ({@code CheckOutgoing});</li>
 *   <li>DEFER (quiet hours at a recipient they protect): not sent now; the row stays PENDING, due when they end, and is
 *   screened again then, as on its first attempt (issue 35: it was denied);</li>
 *   <li>HARD_DENY: not sent, the row DENIED with the reason;</li>
 *   <li>the validator failed (fail-safe): not sent, the row HELD for an operator to review.</li>
 * </ul>
 */
public final class ScreenOutbound {
    /** A message queued within this long after the contact's message reached automation answers it. */
    static final Duration ANSWERING = Duration.ofHours(1);

    private final Supplier<SafetyValidator> validator;
    private final ZoneLookup zones;
    private final ZoneId inboxZone;
    private final SafetyModel model;
    private final ModelSafeText rewrites;

    public ScreenOutbound(Supplier<SafetyValidator> validator, ZoneLookup zones, ZoneId inboxZone) {
        this(validator, zones, inboxZone, SafetyModel.OFF, ModelSafeText.off());
    }

    /** As above, with the learned heads of {@code model} beside the lexicons (ADR 0019). */
    public ScreenOutbound(Supplier<SafetyValidator> validator, ZoneLookup zones, ZoneId inboxZone, SafetyModel model) {
        this(validator, zones, inboxZone, model, ModelSafeText.off());
    }

    /** As above, with the model-backed rewrite of {@code rewrites} when {@code safety.rewrite=model} (ADR 0020). */
    public ScreenOutbound(Supplier<SafetyValidator> validator, ZoneLookup zones, ZoneId inboxZone, SafetyModel model,
                          ModelSafeText rewrites) {
        this.validator = validator;
        this.zones = zones;
        this.inboxZone = inboxZone;
        this.model = model;
        this.rewrites = rewrites;
    }

    /** The model-backed rewrite (off unless {@code safety.rewrite=model}). */
    public ModelSafeText rewrites() {
        return rewrites;
    }

    /** Whether {@link #prepare} has anything to do: a model rewrite to ask, or a text to embed for the heads. */
    public boolean prepares() {
        return rewrites.enabled() || model.enabled();
    }

    /**
     * What {@link #screen} needs that is slow, worked out before the claim and outside every transaction: the model's
     * rewrite of the row (ADR 0020) and the vector of its text for the learned heads (issue 8: the embedding no longer
     * runs inside the claim, which holds the contact's lock and, on H2, the store's writer). Either may be absent; the
     * screen then works as before, embedding inside.
     */
    public record Prepared(Optional<ModelSafeText.Prepared> rewrite, Optional<SafetyModel.Ahead> vector) {
        /** Nothing prepared. */
        public static final Prepared NONE = new Prepared(Optional.empty(), Optional.empty());
    }

    /**
     * Before the claim, outside every transaction: the vector of a row about to be screened, and the model's rewrite
     * of an automated row about to be screened for its first attempt (ADR 0020; none when the model is off, an
     * operator's row, a retry, or words that raise nothing). Nothing for a carrier-required answer (not screened).
     */
    public Prepared prepare(OutboxEntry row) {
        if (row == null || row.status() != OutboxStatus.PENDING
                || dev.parley.domain.contact.CompliancePurposes.mayReachOptedOut(row.purpose())) {
            return Prepared.NONE;
        }
        var rewrite = row.attempts() != 0 || row.operatorExplicit() ? Optional.<ModelSafeText.Prepared>empty()
                : rewrites.prepare(Direction.OUT, row.text(), row.conversationId());
        return new Prepared(rewrite, model.embedAhead(row.text()));
    }

    /** What the claim does with the row. */
    public sealed interface Outcome {
        /** Send {@code text} (the row's own, or the rewrite now stored in it). */
        record Send(String text) implements Outcome { }

        /** Do not send: the row is now {@code status} with {@code reason}. */
        record Stop(OutboxStatus status, String reason) implements Outcome { }

        /** Not now: the row waits until {@code until} (a scheduled send, shown with {@code reason}). */
        record Later(Instant until, String reason) implements Outcome { }
    }

    /** The validator's decision on {@code row} (whose contact is {@code contact}), applied to the row. */
    public Outcome screen(SessionBackend store, Conversation conversation, Contact contact, OutboxEntry row,
                          String from, Instant now, List<PipelineEvent> published) {
        return screen(store, conversation, contact, row, from, now, published, Prepared.NONE);
    }

    /**
     * As above, with what was {@link #prepare}d for the row before the claim: the heads read the vector computed
     * ahead (the same scores as computing it here), and an automated row's SOFT_REWRITE sends the model's rewrite when
     * it was accepted, else the deterministic rewrite; the decision's timeline event says which ({@code rewrite},
     * {@code rewrite_fallback}).
     */
    public Outcome screen(SessionBackend store, Conversation conversation, Contact contact, OutboxEntry row,
                          String from, Instant now, List<PipelineEvent> published, Prepared prepared) {
        var result = check(store, conversation, contact, row.text(), from, row.operatorExplicit(), row.createdAt(),
                now, prepared.vector());
        Optional<ModelSafeText.Choice> choice = Optional.empty();
        if (!row.operatorExplicit()) {
            var chosen = rewrites.choose(result, prepared.rewrite());
            result = chosen.result();
            choice = chosen.choice();
        }
        SafetyDecisionLog.record(store, conversation, result, null, row.id(),
                row.actor() == null ? TimelineEvent.SYSTEM_ACTOR : row.actor(), now, published, choice);
        if (result.failSafe()) {
            return new Outcome.Stop(OutboxStatus.HELD, "safety validator failed (trace " + result.traceId()
                    + "): held for review");
        }
        return switch (result.decision()) {
            case ALLOW -> new Outcome.Send(row.text());
            case SOFT_REWRITE -> {
                if (row.operatorExplicit()) yield new Outcome.Send(row.text());
                var rewrite = result.safeOutput().messagePrimary();
                store.apply(new Effect.RewriteOutbox(row.id(), rewrite));
                yield new Outcome.Send(rewrite);
            }
            case DEFER -> new Outcome.Later(result.delayUntil().orElseThrow(), "safety: "
                    + result.enforcementReason().wire() + " until " + result.delayUntil().orElseThrow() + " (trace "
                    + result.traceId() + ")");
            case HARD_DENY -> new Outcome.Stop(OutboxStatus.DENIED, "safety: " + result.enforcementReason().wire()
                    + " (trace " + result.traceId() + ")");
            default -> throw new IllegalStateException("not an outbound decision: " + result.decision());
        };
    }

    /**
     * The decision {@code text} would get now, recording nothing: what the composer shows an operator before
     * sending (the rewrite beside the original).
     */
    public SafetyResult check(ConversationReads store, Conversation conversation, Contact contact, String text,
                              String from, boolean operator, Instant queuedAt, Instant now) {
        return check(store, conversation, contact, text, from, operator, queuedAt, now, Optional.empty());
    }

    private SafetyResult check(ConversationReads store, Conversation conversation, Contact contact, String text,
                               String from, boolean operator, Instant queuedAt, Instant now,
                               Optional<SafetyModel.Ahead> ahead) {
        var facts = new RecordedBehaviourFacts(store, conversation, Direction.OUT,
                rules(store, conversation, operator, queuedAt), zones, inboxZone, 0, now);
        var request = new SafetyRequest(Direction.OUT, text, from, contact.address(), conversation.channel(), now,
                Optional.of(conversation.channel() + ":" + conversation.key()));
        return validator.get().validate(request, facts, model.forText(ahead));
    }

    /**
     * An operator's message, or an answer to a contact (queued within the hour after a message of theirs reached
     * automation: arrived, or was released from a hold), is not a notification; a proactive automated message (a
     * first message, a nudge, a follow-up) is.
     */
    public static RecipientRules rules(ConversationReads store, Conversation conversation, boolean operator,
                                       Instant queuedAt) {
        if (operator) return RecipientRules.REPLY;
        var from = queuedAt.minus(ANSWERING);
        var to = queuedAt.plusMillis(1);
        boolean answering = store.decisionsOfContact(conversation.contactId(), Direction.IN.safetyWord(), from, to) > 0
                || store.heldMessageReleasedBetween(conversation.id(), from, to);
        return answering ? RecipientRules.REPLY : RecipientRules.PERSONAL;
    }
}
