package dev.parley.domain.buyer;

import java.time.Instant;

/**
 * A one-time link sent by SMS (seed 003's SmsSignupToken): the guarantee, agreement or onboarding page, with the
 * name and e-mail collected over SMS pre-filled. Single use: {@code used} once signed; useless after
 * {@code expiresAt}.
 */
public record SignupToken(long id, String token, long conversationId, long contactId, Long engagementId,
                          Long propertyId, TokenAction action, String buyerName, String buyerEmail, boolean used,
                          Instant usedAt, String signedName, Instant expiresAt, Instant createdAt) {

    public boolean expired(Instant now) {
        return !now.isBefore(expiresAt);
    }

    public SignupToken redeemed(String name, Instant at) {
        return new SignupToken(id, token, conversationId, contactId, engagementId, propertyId, action, buyerName,
                buyerEmail, true, at, name, expiresAt, createdAt);
    }

    public SignupToken withId(long newId) {
        return new SignupToken(newId, token, conversationId, contactId, engagementId, propertyId, action, buyerName,
                buyerEmail, used, usedAt, signedName, expiresAt, createdAt);
    }

    /** Expired at {@code at} (the hold ran out or the conversation ended): the link stops working at once. */
    public SignupToken expiredAt(Instant at) {
        return new SignupToken(id, token, conversationId, contactId, engagementId, propertyId, action, buyerName,
                buyerEmail, used, usedAt, signedName, at, createdAt);
    }
}
