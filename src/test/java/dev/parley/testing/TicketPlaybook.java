package dev.parley.testing;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbook;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.message.InboundMessage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A small playbook for tests of the engine: acknowledges each message and waits; nudges after an hour without a
 * reply and gives up a day later; "lawyer" stops automation, "letters" raises a HIGH_VALUE alert and a task;
 * the external event {@code resolved} closes the ticket.
 */
public final class TicketPlaybook implements Playbook {
    public static final String NAME = "ticket";
    /** Where a critical alert puts a ticket (the playbook moves there itself since ConversationSession.lockForReview). */
    public static final String HUMAN_REVIEW = "HumanReview";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String initialState() {
        return "Open";
    }

    @Override
    public Set<String> states() {
        return Set.of("Open", "Waiting", "Nudged", "Closed", HUMAN_REVIEW);
    }

    @Override
    public List<StateTimer> timersFor(String state) {
        return switch (state) {
            case "Waiting" -> List.of(new StateTimer(state, Duration.ofHours(1), "no_reply"));
            case "Nudged" -> List.of(new StateTimer(state, Duration.ofHours(24), "give_up"));
            default -> List.of();
        };
    }

    @Override
    public void onInbound(ConversationSession session, InboundMessage message, long messageId) {
        var text = message.text().toLowerCase(java.util.Locale.ROOT);
        if (text.contains("lawyer")) {
            if (!session.conversation().state().equals(HUMAN_REVIEW)) {
                session.moveTo(HUMAN_REVIEW, "critical_alert", Map.of("categories", List.of("legal")));
            }
            session.lockForReview(messageId, List.of("legal"), List.of("lawyer"), "regex");
            return;
        }
        if (text.contains("letters")) {
            session.raiseAlert(messageId, AlertSeverity.HIGH_VALUE, List.of("artifact"), List.of("letters"), "regex");
            session.addTask(messageId, "Ask about the letters", "research");
        }
        session.queueMessage("in:" + messageId, "ack", "Got it, thanks!");
        var state = session.conversation().state();
        if (!state.equals(HUMAN_REVIEW)) {
            session.moveTo("Waiting", "message_received", Map.of());
            // A self-transition keeps the running timers; a reply restarts the hour without one.
            if (state.equals("Waiting")) session.scheduleTimersOfCurrentState();
        }
    }

    @Override
    public void onTimer(ConversationSession session, String trigger) {
        switch (trigger) {
            case "no_reply" -> {
                session.queueMessage("timer:" + session.conversation().id() + ":" + session.now(), "nudge",
                        "Still there?");
                session.moveTo("Nudged", trigger, Map.of());
            }
            case "give_up" -> session.moveTo("Closed", trigger, Map.of());
            default -> session.reject(trigger, "unknown timer");
        }
    }

    @Override
    public void onEvent(ConversationSession session, String name, Map<String, Object> data) {
        if (!name.equals("resolved")) {
            session.reject(name, "ticket does not handle " + name);
            return;
        }
        session.addTask(null, "Close the ticket for " + data.getOrDefault("by", "nobody"), "followup");
        session.moveTo("Closed", name, Map.of());
    }
}
