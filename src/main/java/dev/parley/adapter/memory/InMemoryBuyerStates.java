package dev.parley.adapter.memory;

import dev.parley.application.store.BuyerStates;
import dev.parley.domain.buyer.BuyerState;
import java.util.Optional;

/** Buyer states keyed by their conversation id, as buyer_states is. */
final class InMemoryBuyerStates implements BuyerStates {
    private final Table<BuyerState> table;
    private final InMemoryConversations conversations;

    InMemoryBuyerStates(UndoLog undo, InMemoryConversations conversations) {
        this.conversations = conversations;
        table = new Table<>("buyer_state", undo);
    }

    @Override
    public Optional<BuyerState> find(long conversationId) {
        return Optional.ofNullable(table.get(conversationId));
    }

    @Override
    public void save(BuyerState state) {
        ForeignKeys.require(conversations.table, state.conversationId(), "buyer_states.conversation_id");
        table.put(state.conversationId(), state);
    }
}
