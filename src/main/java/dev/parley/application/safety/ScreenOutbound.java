package dev.parley.application.safety;

import dev.parley.application.PipelineEvent;
import dev.parley.application.store.Store;
import dev.parley.domain.contact.Contact;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.domain.safety.Direction;
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

    public ScreenOutbound(Supplier<SafetyValidator> validator, ZoneLookup zones, ZoneId inboxZone) {
        this(validator, zones, inboxZone, SafetyModel.OFF);
    }

    /** As above, with the learned heads of {@code model} beside the lexicons (ADR 0019). */
    public ScreenOutbound(Supplier<SafetyValidator> validator, ZoneLookup zones, ZoneId inboxZone, SafetyModel model) {
        this.validator = validator;
        this.zones = zones;
        this.inboxZone = inboxZone;
        this.model = model;
    }

    /** What the claim does with the row. */
    public sealed interface Outcome {
        /** Send {@code text} (the row's own, or the rewrite now stored in it). */
        record Send(String text) implements Outcome { }

        /** Do not send: the row is now {@code status} with {@code reason}. */
        record Stop(OutboxStatus status, String reason) implements Outcome { }
    }

    /** The validator's decision on {@code row} (whose contact is {@code contact}), applied to the row. */
    public Outcome screen(Store store, Conversation conversation, Contact contact, OutboxEntry row, String from,
                          Instant now, List<PipelineEvent> published) {
        var result = check(store, conversation, contact, row.text(), from, row.operatorExplicit(), row.createdAt(),
                now);
        SafetyDecisionLog.record(store, conversation, result, null, row.id(),
                row.actor() == null ? TimelineEvent.SYSTEM_ACTOR : row.actor(), now, published);
        if (result.failSafe()) {
            return new Outcome.Stop(OutboxStatus.HELD, "safety validator failed (trace " + result.traceId()
                    + "): held for review");
        }
        return switch (result.decision()) {
            case ALLOW -> new Outcome.Send(row.text());
            case SOFT_REWRITE -> {
                if (row.operatorExplicit()) yield new Outcome.Send(row.text());
                var rewrite = result.safeOutput().messagePrimary();
                store.outbox().rewrite(row.id(), rewrite);
                yield new Outcome.Send(rewrite);
            }
            case HARD_DENY -> new Outcome.Stop(OutboxStatus.DENIED, "safety: " + result.enforcementReason().wire()
                    + " (trace " + result.traceId() + ")");
            default -> throw new IllegalStateException("not an outbound decision: " + result.decision());
        };
    }

    /**
     * The decision {@code text} would get now, recording nothing: what the composer shows an operator before
     * sending (the rewrite beside the original).
     */
    public SafetyResult check(Store store, Conversation conversation, Contact contact, String text, String from,
                              boolean operator, Instant queuedAt, Instant now) {
        var facts = new StoreBehaviourFacts(store, conversation, Direction.OUTBOUND,
                rules(store, conversation, operator, queuedAt), zones, inboxZone, 0, now);
        var request = new SafetyRequest(Direction.OUTBOUND, text, from, contact.address(), conversation.channel(), now,
                Optional.of(conversation.channel() + ":" + conversation.key()));
        return validator.get().validate(request, facts, model.forText());
    }

    /**
     * An operator's message, or an answer to a contact (queued within the hour after a message of theirs reached
     * automation: arrived, or was released from a hold), is not a notification; a proactive automated message (a
     * first message, a nudge, a follow-up) is.
     */
    private static RecipientRules rules(Store store, Conversation conversation, boolean operator, Instant queuedAt) {
        if (operator) return RecipientRules.REPLY;
        var from = queuedAt.minus(ANSWERING);
        var to = queuedAt.plusMillis(1);
        boolean answering = store.safetyDecisions().countOfContact(conversation.contactId(),
                Direction.INBOUND.wire(), from, to) > 0
                || store.safetyDecisions().releasedBetween(conversation.id(), from, to);
        return answering ? RecipientRules.REPLY : RecipientRules.PERSONAL;
    }
}
