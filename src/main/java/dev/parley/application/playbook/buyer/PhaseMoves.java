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

    boolean fire(ConversationSession session, String trigger, Map<String, ?> detail) {
        var result = machine.fire(session.conversation().state(), trigger, null);
        switch (result) {
            case FireResult.Moved moved -> {
                session.moveTo(moved.to(), moved.trigger(), new LinkedHashMap<>(detail));
                return true;
            }
            case FireResult.Rejected rejected -> {
                session.reject(trigger, rejected.reason());
                return false;
            }
        }
    }
}
