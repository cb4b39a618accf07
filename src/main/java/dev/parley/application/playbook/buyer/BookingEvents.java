package dev.parley.application.playbook.buyer;

import static dev.parley.application.playbook.buyer.BuyerWording.clip;
import static dev.parley.application.playbook.buyer.BuyerWording.fullName;
import static dev.parley.application.playbook.buyer.EventFields.text;

import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.buyer.agents.Situation;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Engagement;
import dev.parley.domain.buyer.EngagementStatus;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.SignupToken;
import dev.parley.domain.buyer.SmsKind;
import dev.parley.domain.buyer.TokenAction;
import java.time.Duration;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The booking's external events (the signing page, the owner, the team): the guarantee signed, the tour confirmed,
 * rescheduled or declined, the agreement and onboarding, the deal, a new match. A bad event is refused and changes
 * nothing; a repeated signature changes nothing.
 */
final class BookingEvents {
    static final Set<String> EVENTS = Set.of("guarantee_signed", "tour_confirmed", "tour_rescheduled",
            "tour_declined", "agreement_ready", "agreement_signed", "onboarding_signed", "deal_completed", "new_match");
    private static final Duration LINK_VALIDITY = Duration.ofDays(7);
    private static final DateTimeFormatter MONTH_DAY = DateTimeFormatter.ofPattern("MMMM d", Locale.US);

    private final BuyerSettings settings;
    private final PhaseMoves phases;
    private final BookingMessages messages;
    private final SigningLinks signing;
    private final BookingNotices notices;

    BookingEvents(BuyerSettings settings, PhaseMoves phases, BookingMessages messages, SigningLinks signing,
                  BookingNotices notices) {
        this.settings = settings;
        this.phases = phases;
        this.messages = messages;
        this.signing = signing;
        this.notices = notices;
    }

    void onEvent(ConversationSession session, BuyerState.Builder state, String name, Map<String, Object> data) {
        switch (name) {
            case "guarantee_signed" -> signed(session, state, data);
            case "tour_confirmed" -> tourConfirmed(session, state, data, false);
            case "tour_rescheduled" -> tourConfirmed(session, state, data, true);
            case "tour_declined" -> tourDeclined(session, state);
            case "agreement_ready" -> agreementReady(session, state);
            case "agreement_signed" -> agreementSigned(session, state, data);
            case "onboarding_signed" -> onboardingSigned(session, state, data);
            case "deal_completed" -> dealCompleted(session, state, data);
            case "new_match" -> newMatch(session, state, data);
            default -> session.reject(name, "not a booking event");
        }
    }

    /**
     * {@code guarantee_signed} ({@code token}, {@code name}; from the guarantee page or a signing service): the token
     * is used once, the engagement is GUARANTEE_SIGNED, the address goes to the buyer. A second delivery for a token
     * already used changes nothing.
     */
    private void signed(ConversationSession session, BuyerState.Builder state, Map<String, Object> data) {
        var token = SigningLinks.redeemable(session, data, TokenAction.GUARANTEE, state.guaranteeLinkToken);
        if (token == null) return;
        var engagement = SigningLinks.engagementOf(session, token);
        var now = session.now();
        var signer = signer(state, data);
        SigningLinks.redeem(session, token, signer, now);
        var b = engagement.edit();
        b.status = EngagementStatus.GUARANTEE_SIGNED;
        b.guaranteeSignedAt = now;
        b.signedName = clip(signer, 200);
        var email = text(data, "email");
        if (email != null) {
            // corrected on the page: the paperwork goes there
            b.buyerEmail = clip(email, 255);
            state.buyerEmail = b.buyerEmail;
        }
        b.updatedAt = now;
        session.updateEngagement(b.build());
        state.guaranteeSignedAt = now;
        state.engagementId = engagement.id();
        var property = session.reads().property(engagement.propertyId()).orElseThrow();
        phases.fire(session, "guarantee_signed", "signed by the buyer", Map.of("engagement_id", engagement.id()));
        session.record("engagement", Map.of("engagement_id", engagement.id(), "property", property.ref(), "status",
                EngagementStatus.GUARANTEE_SIGNED.name()));
        // The buyer just acted on the page: the address is their answer, sent at once.
        messages.reply(session, state, "signed:" + token.id(), "address_revealed", Situation.TOUR_UPDATE, SmsKind.TOUR,
                Map.of("address", property.address()));
    }

    /** {@code tour_confirmed} / {@code tour_rescheduled} with {@code {"at": ISO-8601}}. */
    private void tourConfirmed(ConversationSession session, BuyerState.Builder state, Map<String, Object> data,
                               boolean reschedule) {
        var at = EventFields.instant(data, "at");
        var engagement = OpenEngagements.find(session, state);
        if (engagement == null || engagement.guaranteeSignedAt() == null) {
            throw new ConflictException("no signed booking to " + (reschedule ? "reschedule" : "confirm") + " a tour for");
        }
        if (reschedule && engagement.tourAt() == null) {
            throw new ConflictException("no confirmed tour to reschedule");
        }
        var now = session.now();
        var property = session.reads().property(engagement.propertyId()).orElseThrow();
        var b = engagement.edit();
        b.status = EngagementStatus.TOUR_CONFIRMED;
        b.tourAt = at;
        b.tourConfirmedAt = now;
        b.updatedAt = now;
        session.updateEngagement(b.build());
        if (!Phase.ACTIVE.stateName().equals(session.conversation().state())) {
            phases.fire(session, "tour_confirmed", reschedule ? "rescheduled" : "confirmed by the owner",
                    Map.of("engagement_id", engagement.id(), "at", at.toString()));
        }
        session.record(reschedule ? "tour_rescheduled" : "tour_confirmed", Map.of("engagement_id", engagement.id(),
                "at", at.toString()));
        var when = messages.when(session, state, at, property);
        if (reschedule) {
            messages.proactive(session, state, "tour:" + engagement.id() + ":" + at.getEpochSecond(),
                    "tour_rescheduled", Situation.TOUR_UPDATE, SmsKind.TOUR, Map.of("when", when));
        } else {
            messages.proactive(session, state, "tour:" + engagement.id() + ":" + at.getEpochSecond(),
                    "tour_confirmed", Situation.TOUR_UPDATE, SmsKind.TOUR,
                    Map.of("when", when, "address", property.address()));
        }
        var reminder = at.minus(settings.tourReminderBefore());
        if (reminder.isAfter(now)) notices.scheduleTourReminder(session, engagement, at, reminder);
    }

    private void tourDeclined(ConversationSession session, BuyerState.Builder state) {
        var engagement = OpenEngagements.find(session, state);
        if (engagement == null || engagement.status() != EngagementStatus.TOUR_REQUESTED) {
            throw new ConflictException("no tour request to decline");
        }
        var asked = engagement.tourRequestedText() == null ? "that time" : engagement.tourRequestedText();
        var b = engagement.edit();
        b.status = EngagementStatus.GUARANTEE_SIGNED;
        b.tourRequestedText = null;
        b.updatedAt = session.now();
        session.updateEngagement(b.build());
        session.record("tour_declined", Map.of("engagement_id", engagement.id()));
        messages.proactive(session, state, "tour_declined:" + engagement.id() + ":" + session.now().getEpochSecond(),
                "tour_declined", Situation.TOUR_UPDATE, SmsKind.TOUR, Map.of("when", asked));
    }

    private void agreementReady(ConversationSession session, BuyerState.Builder state) {
        var engagement = OpenEngagements.find(session, state);
        if (engagement == null || engagement.status() != EngagementStatus.TOUR_CONFIRMED) {
            throw new ConflictException("the agreement follows a confirmed tour");
        }
        var now = session.now();
        var token = signing.issue(session, state, engagement, TokenAction.AGREEMENT, now.plus(LINK_VALIDITY));
        var b = engagement.edit();
        b.status = EngagementStatus.AGREEMENT_SENT;
        b.agreementSentAt = now;
        b.updatedAt = now;
        session.updateEngagement(b.build());
        session.record("engagement", Map.of("engagement_id", engagement.id(), "status", "AGREEMENT_SENT"));
        messages.proactive(session, state, "agreement:" + token.id(), "agreement_ready", Situation.NOTICE,
                SmsKind.COMMITMENT, Map.of("link", signing.url(token.token())));
    }

    private void agreementSigned(ConversationSession session, BuyerState.Builder state, Map<String, Object> data) {
        var signed = sign(session, state, data, TokenAction.AGREEMENT);
        if (signed == null) return;
        var now = session.now();
        var token = signed.token();
        var engagement = signed.engagement();
        var b = engagement.edit();
        b.status = EngagementStatus.AGREEMENT_SIGNED;
        b.updatedAt = now;
        session.updateEngagement(b.build());
        var onboarding = signing.issue(session, state, engagement, TokenAction.ONBOARDING, now.plus(LINK_VALIDITY));
        session.record("engagement", Map.of("engagement_id", engagement.id(), "status", "AGREEMENT_SIGNED"));
        messages.reply(session, state, "agreement_signed:" + token.id(), "onboarding_ready", Situation.NOTICE,
                SmsKind.COMMITMENT, Map.of("link", signing.url(onboarding.token())));
    }

    private void onboardingSigned(ConversationSession session, BuyerState.Builder state, Map<String, Object> data) {
        var signed = sign(session, state, data, TokenAction.ONBOARDING);
        if (signed == null) return;
        var engagement = signed.engagement();
        var property = session.reads().property(engagement.propertyId()).orElseThrow();
        session.addTask(null, "Onboarding done for " + property.name() + " (" + property.ref() + "): complete the "
                + "deal (deal_completed with lease_starts) when the lease is countersigned", "deal");
        session.record("onboarding_signed", Map.of("engagement_id", engagement.id()));
    }

    /** {@code deal_completed} ({@code lease_starts}: ISO date): COMPLETED, and "You're all set". */
    private void dealCompleted(ConversationSession session, BuyerState.Builder state, Map<String, Object> data) {
        var starts = EventFields.date(data, "lease_starts");
        var engagement = OpenEngagements.find(session, state);
        if (engagement == null || engagement.guaranteeSignedAt() == null) {
            throw new ConflictException("no signed booking to complete");
        }
        var now = session.now();
        var b = engagement.edit();
        b.status = EngagementStatus.COMPLETED;
        b.leaseStartsOn = starts;
        b.completedAt = now;
        b.updatedAt = now;
        session.updateEngagement(b.build());
        var property = session.reads().property(engagement.propertyId()).orElseThrow();
        phases.fire(session, "deal_completed", "lease starts " + starts, Map.of("engagement_id", engagement.id()));
        session.record("engagement", Map.of("engagement_id", engagement.id(), "status", "COMPLETED"));
        messages.proactive(session, state, "deal:" + engagement.id(), "onboarding_complete", Situation.NOTICE,
                SmsKind.FOLLOW_UP, Map.of("address", property.address(), "date", starts.format(MONTH_DAY)));
    }

    /** {@code new_match} ({@code listing}: the catalogue's listing id): "Another space just opened up in …". */
    private void newMatch(ConversationSession session, BuyerState.Builder state, Map<String, Object> data) {
        long listingId = EventFields.listingId(data, "listing");
        var entry = session.reads().catalogEntry(listingId)
                .orElseThrow(() -> new NotFoundException("listing " + listingId));
        if (Phase.SILENT.contains(Phase.of(session.conversation().state()))) {
            session.record("new_match_skipped", Map.of("listing", listingId, "reason", "conversation is "
                    + session.conversation().state()));
            return;
        }
        if (!state.presentedListingIds.contains(listingId)) state.presentedListingIds.add(listingId);
        messages.proactive(session, state, "new_match:" + listingId, "new_match", Situation.NOTICE, SmsKind.FOLLOW_UP,
                Map.of("city", entry.property().city()));
    }

    /** A link signed, and the open booking it belongs to. */
    private record Signed(SignupToken token, Engagement engagement) {
    }

    /** Redeems the link an agreement or onboarding event signs; null when it was already used (a repeated delivery). */
    private static Signed sign(ConversationSession session, BuyerState.Builder state, Map<String, Object> data,
                               TokenAction action) {
        var token = SigningLinks.redeemable(session, data, action, null);
        if (token == null) return null;
        SigningLinks.redeem(session, token, signer(state, data), session.now());
        return new Signed(token, SigningLinks.engagementOf(session, token));
    }

    /** Who signed: the name the page gave, else the buyer's. */
    private static String signer(BuyerState.Builder state, Map<String, Object> data) {
        return text(data, "name") == null ? fullName(state) : text(data, "name");
    }
}
