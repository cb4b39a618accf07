package dev.parley.application.playbook;

import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.OutboxEntry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A conversation policy: how a conversation reacts to messages, sent replies, timers and external events.
 * Every callback runs inside the transaction that also marks its cause done, through a {@link ConversationSession}.
 */
public interface Playbook {

    /** A timer of a state: fire {@code trigger} when the conversation has stayed in the state for {@code after}. */
    record StateTimer(String state, Duration after, String trigger) {
    }

    String name();

    String initialState();

    Set<String> states();

    /** States an operator may resume a conversation into after reviewing it. */
    default Set<String> resumableStates() {
        return states();
    }

    /** The state machine behind this playbook, for diagrams and validation; empty for code-only playbooks. */
    default java.util.Optional<dev.parley.domain.fsm.PlaybookDefinition> definition() {
        return java.util.Optional.empty();
    }

    default List<StateTimer> timersFor(String state) {
        return List.of();
    }

    void onInbound(ConversationSession session, InboundMessage message, long messageId);

    default void onOutboundSent(ConversationSession session, OutboxEntry sent) {
    }

    /**
     * An operator who reviewed the conversation resumes it in {@code resumeState} (already checked against
     * {@link #resumableStates()}); contact and automation are already released. By default a plain move.
     */
    default void onUnblock(ConversationSession session, String resumeState, String note) {
        session.moveTo(resumeState, "operator_unblock", Map.of("note", note));
    }

    default void onTimer(ConversationSession session, String trigger) {
        session.reject(trigger, "no timer handling in playbook " + name());
    }

    default void onEvent(ConversationSession session, String name, Map<String, Object> data) {
        session.reject(name, "playbook " + name() + " does not handle external events");
    }
}
