package dev.parley.application.pipeline;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Effect;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.playbook.SessionBackend;
import dev.parley.domain.message.InboundHold;
import dev.parley.domain.message.InboxEntry;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * Releases an inbound message the safety validator held: a DELAYED one when its delay ends (the scheduled job), a
 * SILENCED one when an operator has reviewed it. The message becomes visible to automation and the conversation's
 * playbook receives it as it would have at first: a decision like any other, made at Prepare on a snapshot and at
 * Commit in the transaction.
 */
public final class ReleaseHeldMessage {
    private final Playbooks playbooks;

    public ReleaseHeldMessage(Playbooks playbooks) {
        this.playbooks = playbooks;
    }

    /**
     * Releases message {@code messageId} on {@code backend}; {@code inbox} reads the inbox row it came from. Empty when
     * it was not held (released already, or never held); else the session, whose events are published after commit.
     */
    public Optional<ConversationSession> release(SessionBackend backend, LongFunction<Optional<InboxEntry>> inbox,
                                                 long messageId, String actor, Instant now) {
        var message = backend.message(messageId).orElse(null);
        if (message == null || !InboundHold.hides(message.status())) return Optional.empty();
        var safety = backend.messageSafety(messageId).orElseThrow();
        var conversation = backend.conversation(message.conversationId()).orElseThrow();
        var playbook = playbooks.find(conversation.playbook()).orElseThrow();
        var session = new ConversationSession(backend, playbook, conversation, now, actor);
        session.apply(new Effect.SetMessageStatus(messageId, InboundHold.RECEIVED));
        session.apply(new Effect.MarkReleased(messageId, actor, now));
        session.record("message_released", Map.of("message_id", messageId, "hold", message.status().toLowerCase(
                java.util.Locale.ROOT)));
        var inbound = safety.inboxId() == null ? null : inbox.apply(safety.inboxId()).orElse(null);
        if (inbound != null) playbook.onInbound(session, inbound.message(), messageId);
        return Optional.of(session);
    }

    /** The message a release job's trigger names ({@code message:<id>}). */
    public static long messageOf(String trigger) {
        if (trigger == null || !trigger.startsWith("message:")) {
            throw new IllegalArgumentException("not a release trigger: " + trigger);
        }
        return Long.parseLong(trigger.substring("message:".length()));
    }
}
