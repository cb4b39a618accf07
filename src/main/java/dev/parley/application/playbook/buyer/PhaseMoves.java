package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.fsm.FireResult;
import dev.parley.domain.fsm.StateMachine;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Moves a buyer conversation between phases through the playbook's transition table, so every move is a row of
 * buyer-sms.json and a {@code transition} on the timeline; a trigger with no row is recorded as rejected.
 */
final class PhaseMoves {
    private final StateMachine<Object> machine;

    PhaseMoves(StateMachine<Object> machine) {
        this.machine = machine;
    }

    /** Fires {@code trigger}; {@code reason} (why the orchestrator moved) goes to the timeline and transcripts. */
    boolean fire(ConversationSession session, String trigger, String reason, Map<String, ?> detail) {
        var result = machine.fire(session.conversation().state(), trigger, null);
        switch (result) {
            case FireResult.Moved moved -> {
                var d = new LinkedHashMap<String, Object>(detail);
                d.put("reason", reason);
                session.moveTo(moved.to(), moved.trigger(), d);
                return true;
            }
            case FireResult.Rejected rejected -> {
                session.reject(trigger, rejected.reason());
                return false;
            }
        }
    }
}
