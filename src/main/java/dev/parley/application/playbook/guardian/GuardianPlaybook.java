package dev.parley.application.playbook.guardian;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbook;
import dev.parley.domain.message.InboundMessage;
import java.util.Map;
import java.util.Set;

/**
 * Seed 002's own use: a personal inbox. Nothing is ever answered automatically; every message gets the safety
 * validator's decision with every rule of the seed (quiet hours in {@code guardian.time_zone}, the frequency limits),
 * and the operator sees the decision and its {@code safe_output} before the message. ESCALATE takes the conversation to
 * HumanReview (contact BLOCKED, a CRITICAL alert) like any other playbook; an operator resumes it to {@code Open}.
 */
public final class GuardianPlaybook implements Playbook {
    public static final String NAME = "guardian";
    public static final String OPEN = "Open";
    public static final String HUMAN_REVIEW = "HumanReview";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String initialState() {
        return OPEN;
    }

    @Override
    public Set<String> states() {
        return Set.of(OPEN, HUMAN_REVIEW);
    }

    @Override
    public Set<String> resumableStates() {
        return Set.of(OPEN);
    }

    /** Delivered to the inbox: recorded for the operator, never answered. */
    @Override
    public void onInbound(ConversationSession session, InboundMessage message, long messageId) {
        session.record("delivered_to_inbox", Map.of("message_id", messageId));
    }
}
