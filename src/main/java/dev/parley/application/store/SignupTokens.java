package dev.parley.application.store;

import dev.parley.domain.buyer.SignupToken;
import java.util.List;
import java.util.Optional;

/** One-time links sent by SMS (seed 003's sms_signup_tokens). */
public interface SignupTokens {
    /** Stores a new token (its id is ignored) and returns it with its id; tokens are unique. */
    SignupToken create(SignupToken token);

    Optional<SignupToken> findByToken(String token);

    List<SignupToken> ofConversation(long conversationId);

    void update(SignupToken token);
}
