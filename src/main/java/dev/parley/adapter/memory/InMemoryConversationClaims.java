package dev.parley.adapter.memory;

import dev.parley.application.store.ConversationClaims;
import dev.parley.domain.conversation.ConversationClaim;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** Claims keyed by conversation id; a released claim is kept as a row without an operator (the table never shrinks). */
final class InMemoryConversationClaims implements ConversationClaims {
    private final Table<ConversationClaim> table;
    private final InMemoryConversations conversations;

    InMemoryConversationClaims(UndoLog undo, InMemoryConversations conversations) {
        this.conversations = conversations;
        table = new Table<>("conversation claim", undo);
    }

    @Override
    public Optional<ConversationClaim> of(long conversationId) {
        table.guard();
        return Optional.ofNullable(table.get(conversationId)).filter(c -> c.operator() != null);
    }

    @Override
    public void claim(long conversationId, String operator, Instant now) {
        Objects.requireNonNull(operator, "operator");
        Objects.requireNonNull(now, "claimed_at");
        ForeignKeys.require(conversations.table, conversationId, "conversation_claims.conversation_id");
        table.put(conversationId, new ConversationClaim(conversationId, operator, StoredTime.of(now)));
    }

    @Override
    public boolean release(long conversationId) {
        var existing = of(conversationId);
        if (existing.isEmpty()) return false;
        table.put(conversationId, new ConversationClaim(conversationId, null, existing.get().since()));
        return true;
    }
}
