package dev.parley.application.safety;

import dev.parley.application.PipelineEvent;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.store.Store;
import dev.parley.domain.message.InboundHold;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Releases an inbound message the safety validator held: a DELAYED one when its delay ends (the scheduled job), a
 * SILENCED one when an operator has reviewed it. The message becomes visible to automation and the conversation's
 * playbook receives it as it would have at first, in the caller's transaction.
 */
public final class ReleaseHeldMessage {
    private final Playbooks playbooks;

    public ReleaseHeldMessage(Playbooks playbooks) {
        this.playbooks = playbooks;
    }

    /**
     * Releases message {@code messageId}; returns the events to publish after commit, or empty when it was not held
     * (released already, or never held).
     */
    public Optional<List<PipelineEvent>> release(Store store, long messageId, String actor, Instant now) {
        var message = store.messages().find(messageId).orElse(null);
        if (message == null || !InboundHold.hides(message.status())) return Optional.empty();
        var safety = store.safetyDecisions().ofMessageSafety(messageId).orElseThrow();
        var conversation = store.conversations().find(message.conversationId()).orElseThrow();
        store.messages().setStatus(messageId, InboundHold.RECEIVED);
        store.safetyDecisions().released(messageId, actor, now);
        var playbook = playbooks.find(conversation.playbook()).orElseThrow();
        var session = new ConversationSession(store, playbook, conversation, now, actor);
        session.record("message_released", Map.of("message_id", messageId, "hold", message.status().toLowerCase(
                java.util.Locale.ROOT)));
        var inbound = safety.inboxId() == null ? null : store.inbox().find(safety.inboxId()).orElse(null);
        if (inbound != null) playbook.onInbound(session, inbound.message(), messageId);
        return Optional.of(session.events());
    }

    /** The message a release job's trigger names ({@code message:<id>}). */
    public static long messageOf(String trigger) {
        if (trigger == null || !trigger.startsWith("message:")) {
            throw new IllegalArgumentException("not a release trigger: " + trigger);
        }
        return Long.parseLong(trigger.substring("message:".length()));
    }
}
