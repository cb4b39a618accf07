package dev.parley.application.playbook.buyer;

import static dev.parley.application.playbook.buyer.BuyerWording.clip;
import static dev.parley.application.playbook.buyer.BuyerWording.fullName;

import dev.parley.application.escalation.ReplyLinks;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Engagement;
import dev.parley.domain.buyer.SignupToken;
import dev.parley.domain.buyer.TokenAction;
import java.time.Instant;
import java.util.Map;

/**
 * The booking's one-time links (guarantee, agreement, onboarding): issued for an engagement, redeemed once by a
 * signing event, dead when their booking closes or the buyer opts out.
 */
final class SigningLinks {
    static final String GUARANTEE_PATH = "/g/";

    private final ReplyLinks links;

    SigningLinks(ReplyLinks links) {
        this.links = links;
    }

    /** The page of a link. */
    String url(String token) {
        return links.url(GUARANTEE_PATH, token);
    }

    SignupToken issue(ConversationSession session, BuyerState.Builder state, Engagement engagement,
                      TokenAction action, Instant expires) {
        var now = session.now();
        return session.issueSignupToken(new SignupToken(0, session.draw("signing_token", links::newShortToken),
                session.conversation().id(), session.conversation().contactId(), engagement.id(),
                engagement.propertyId(), action, clip(fullName(state), 100), state.buyerEmail, false, null, null,
                expires, now));
    }

    /** The latest guarantee link of an engagement; null when none was issued. */
    static SignupToken guaranteeOf(ConversationSession session, Engagement engagement) {
        return session.reads().signupTokens(engagement.conversationId()).stream()
                .filter(t -> t.action() == TokenAction.GUARANTEE
                        && Long.valueOf(engagement.id()).equals(t.engagementId()))
                .reduce((a, b) -> b).orElse(null);
    }

    /**
     * The token an event names (or the conversation's own): null when it was already used (a repeated delivery);
     * refused when unknown, of another conversation or kind, or expired.
     */
    static SignupToken redeemable(ConversationSession session, Map<String, Object> data, TokenAction action,
                                  String fallback) {
        var value = EventFields.text(data, "token");
        if (value == null) value = fallback;
        if (value == null) {
            value = session.reads().signupTokens(session.conversation().id()).stream()
                    .filter(t -> t.action() == action && !t.used()).map(SignupToken::token).reduce((a, b) -> b)
                    .orElseThrow(() -> new NotFoundException("no " + action.wire() + " link in this conversation"));
        }
        var token = session.reads().signupToken(value)
                .filter(t -> t.conversationId() == session.conversation().id() && t.action() == action)
                .orElseThrow(() -> new NotFoundException(action.wire() + " link of this conversation"));
        if (token.used()) {
            session.record("link_already_used", Map.of("token_id", token.id(), "action", action.wire()));
            return null;
        }
        if (token.expired(session.now())) throw new ConflictException("the " + action.wire() + " link expired");
        if (Boolean.FALSE.equals(data.get("consent"))) {
            throw new InvalidRequestException("data.consent", "the buyer's consent is required to sign");
        }
        return token;
    }

    /** Marks the token used by {@code signer}. */
    static void redeem(ConversationSession session, SignupToken token, String signer, Instant now) {
        session.updateSignupToken(token.redeemed(clip(signer, 200), now));
    }

    /** The open engagement a token was issued for; refused when it has none or it is closed. */
    static Engagement engagementOf(ConversationSession session, SignupToken token) {
        if (token.engagementId() == null) throw new ConflictException("the link has no booking");
        return session.reads().engagement(token.engagementId()).filter(e -> e.status().open())
                .orElseThrow(() -> new ConflictException("the booking of this link is closed"));
    }

    /** Every unused link of an engagement dies with it. */
    static void expireOf(ConversationSession session, Engagement engagement, Instant now) {
        for (var token : session.reads().signupTokens(engagement.conversationId())) {
            if (Long.valueOf(engagement.id()).equals(token.engagementId()) && !token.used() && !token.expired(now)) {
                session.updateSignupToken(token.expiredAt(now));
            }
        }
    }

    /** Every unused link of the conversation dies (the buyer opted out). */
    static void expireAll(ConversationSession session, Instant now) {
        for (var token : session.reads().signupTokens(session.conversation().id())) {
            if (!token.used() && !token.expired(now)) session.updateSignupToken(token.expiredAt(now));
        }
    }
}
