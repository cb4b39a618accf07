package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.escalation.EscalationThread;

/** What closing an escalation thread (answered or expired) does besides its status. */
final class EscalationClosing {
    private EscalationClosing() {
    }

    /** The thread's open alerts are resolved by {@code by}. */
    static void resolveAlerts(ConversationSession session, EscalationThread thread, String by) {
        for (var alert : session.reads().alerts(thread.conversationId())) {
            if (!ConversationAlert.RESOLVED.equals(alert.status())
                    && alert.patternIds() != null && alert.patternIds().contains("escalation:" + thread.id())) {
                session.setAlertStatus(alert.id(), ConversationAlert.RESOLVED, by);
            }
        }
    }

    /** AWAITING_ANSWER with no thread pending for the focused property: the phase may move on. */
    static boolean awaitingNothing(ConversationSession session, BuyerState.Builder state) {
        return session.conversation().state().equals(Phase.AWAITING_ANSWER.stateName())
                && !state.pendingEscalations.containsKey(focusedProperty(session, state));
    }

    private static Long focusedProperty(ConversationSession session, BuyerState.Builder state) {
        if (state.focusedListingId == null) return null;
        return session.reads().catalogEntry(state.focusedListingId).map(e -> e.property().id()).orElse(null);
    }
}
