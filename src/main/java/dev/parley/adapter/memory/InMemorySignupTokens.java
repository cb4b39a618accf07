package dev.parley.adapter.memory;

import dev.parley.application.store.SignupTokens;
import dev.parley.domain.buyer.SignupToken;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** One-time links; the token is a unique key, as uq_sms_signup_tokens_token is. */
final class InMemorySignupTokens implements SignupTokens {
    private final Table<SignupToken> table;
    private final InMemoryConversations conversations;
    private final UniqueIndex<String, SignupToken> byToken;
    private final GroupIndex<Long, SignupToken> byConversation;

    InMemorySignupTokens(UndoLog undo, InMemoryConversations conversations) {
        this.conversations = conversations;
        table = new Table<>("sms_signup_token", undo);
        byToken = table.index(new UniqueIndex<>("uq_sms_signup_tokens_token", SignupToken::token));
        byConversation = table.index(new GroupIndex<>(SignupToken::conversationId));
    }

    @Override
    public SignupToken create(SignupToken token) {
        ForeignKeys.require(conversations.table, token.conversationId(), "sms_signup_tokens.conversation_id");
        Objects.requireNonNull(token.token(), "token");
        var stored = token.withId(table.nextId());
        table.put(stored.id(), stored);
        return stored;
    }

    @Override
    public Optional<SignupToken> findByToken(String token) {
        table.guard();
        var id = byToken.find(token);
        return id == null ? Optional.empty() : Optional.of(table.get(id));
    }

    @Override
    public List<SignupToken> ofConversation(long conversationId) {
        table.guard();
        return List.copyOf(byConversation.of(conversationId));
    }

    @Override
    public void update(SignupToken token) {
        table.require(token.id());
        table.put(token.id(), token);
    }
}
