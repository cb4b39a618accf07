package dev.parley.application.store;

import dev.parley.domain.buyer.BuyerState;
import java.util.Optional;

/** The buyer-sms playbook's state of each conversation (seed 003's sms_conversation_states). */
public interface BuyerStates {
    Optional<BuyerState> find(long conversationId);

    /** Inserts or replaces the state of its conversation. */
    void save(BuyerState state);
}
