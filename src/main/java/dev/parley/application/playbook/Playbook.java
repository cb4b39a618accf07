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

    /** How an inbound message goes on once the playbook's own first checks ({@link #screen}) have passed it. */
    @FunctionalInterface
    interface InboundStep {
        /** Goes on with {@code message}: the original, or the safety validator's safe summary in its place. */
        void proceed(ConversationSession session, InboundMessage message);
    }

    /**
     * The playbook's own checks that must see the original message before the safety validator's decision takes
     * effect (outreach's critical alerts, seed 000 §3.1: they stay as they are and run first). Returns how the
     * message goes on, or empty when these checks dealt with it (a critical alert locked the conversation): the
     * validator's decision is then only recorded. By default no checks: straight to {@link #onInbound}.
     */
    default java.util.Optional<InboundStep> screen(ConversationSession session, InboundMessage message,
                                                   long messageId) {
        return java.util.Optional.of((s, m) -> onInbound(s, m, messageId));
    }

    /**
     * The safety validator escalated inbound message {@code messageId} (seed 002's ESCALATE: crisis content): the
     * critical-alert path, as for the playbook's own critical alerts. By default the contact is BLOCKED, automation
     * paused with a CRITICAL alert (the Human review queue) and nothing pending of theirs is sent; a playbook with
     * a {@code HumanReview} state moves there.
     */
    default void onSafetyEscalation(ConversationSession session, long messageId, List<String> categories,
                                    String reason, Map<String, ?> reasons) {
        if (states().contains("HumanReview") && !session.conversation().state().equals("HumanReview")) {
            session.moveTo("HumanReview", "safety_escalation", Map.of("categories", categories, "reason", reason));
        }
        session.lockForReview(messageId, categories, List.of("safety:" + reason), "safety", reasons);
    }

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
