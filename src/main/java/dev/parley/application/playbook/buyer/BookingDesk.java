package dev.parley.application.playbook.buyer;

import dev.parley.application.escalation.ReplyLinks;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
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
import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.catalog.Property;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Seed 003's engagement bridge and token service: "book it" → name and e-mail (interruptible) → the engagement and
 * the one-time guarantee link → the signature reveals the address → the tour request (an operator task for the
 * owner) → the owner's confirmation, reschedule or decline → agreement and onboarding links → the deal. Also the
 * proactive notices of the booking (hold expiring, tour reminder) as jobs, and closing everything on STOP.
 */
final class BookingDesk {
    static final String JOB_KIND = "buyer_notice";
    static final String GUARANTEE_PATH = "/g/";
    static final String TOUR_REMINDER = "tour_reminder:";
    static final String HOLD_24H = "hold_24h:";
    static final String HOLD_4H = "hold_4h:";
    static final String HOLD_END = "hold_end:";
    static final Set<String> EVENTS = Set.of("guarantee_signed", "tour_confirmed", "tour_rescheduled",
            "tour_declined", "agreement_ready", "agreement_signed", "onboarding_signed", "deal_completed", "new_match");
    private static final Duration LINK_VALIDITY = Duration.ofDays(7);
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("EEEE MMMM d 'at' h:mm a", Locale.US);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("h:mm a", Locale.US);

    private final BuyerSettings settings;
    private final Outgoing outgoing;
    private final PhaseMoves phases;
    private final ReplyLinks links;
    private final QuietHoursPolicy zones;

    BookingDesk(BuyerSettings settings, Outgoing outgoing, PhaseMoves phases, ReplyLinks links,
                QuietHoursPolicy zones) {
        this.settings = settings;
        this.outgoing = outgoing;
        this.phases = phases;
        this.links = links;
        this.zones = zones;
    }

    // --- from the buyer's messages ---

    /** "Book it", "let's tour", "yeah let's do it" about a property: what comes next depends on the booking. */
    void book(ConversationSession session, BuyerState.Builder state, CatalogEntry entry, String cause,
              List<String> dates, long messageId) {
        var engagement = open(session, state);
        if (engagement != null && engagement.propertyId() == entry.property().id()) {
            switch (engagement.status()) {
                case BOOKING_INITIATED -> {
                    var token = state.guaranteeLinkToken;
                    reply(session, state, cause, "guarantee_reminder", Situation.GUARANTEE_LINK, SmsKind.COMMITMENT,
                            Map.of("link", links.url(GUARANTEE_PATH, token)));
                    return;
                }
                case GUARANTEE_SIGNED, TOUR_REQUESTED -> {
                    if (!dates.isEmpty()) requestTour(session, state, cause, String.join(" ", dates), messageId);
                    else reply(session, state, cause, "ask_tour_time", Situation.TOUR_UPDATE, SmsKind.TOUR,
                            Map.of("property", entry.property().city()));
                    return;
                }
                default -> {
                    if (engagement.tourAt() != null) {
                        reply(session, state, cause, "tour_already", Situation.TOUR_UPDATE, SmsKind.TOUR,
                                Map.of("when", when(session, state, engagement.tourAt(), entry.property()),
                                        "address", entry.property().address()));
                        return;
                    }
                }
            }
        }
        collectOrCommit(session, state, entry, cause, false);
    }

    /**
     * "What's the address?": known once the guarantee for that property is signed; before, the link (or, with no
     * booking yet, how to get it) — never the address, and never a question for the team.
     */
    void address(ConversationSession session, BuyerState.Builder state, CatalogEntry entry, String cause) {
        var engagement = open(session, state);
        boolean same = engagement != null && engagement.propertyId() == entry.property().id();
        if (same && engagement.guaranteeSignedAt() != null) {
            reply(session, state, cause, "address_again", Situation.TOUR_UPDATE, SmsKind.TOUR,
                    Map.of("address", entry.property().address()));
        } else if (same && engagement.status() == EngagementStatus.BOOKING_INITIATED
                && state.guaranteeLinkToken != null) {
            reply(session, state, cause, "guarantee_reminder", Situation.GUARANTEE_LINK, SmsKind.COMMITMENT,
                    Map.of("link", links.url(GUARANTEE_PATH, state.guaranteeLinkToken)));
        } else {
            reply(session, state, cause, "address_after_booking", Situation.TOUR_UPDATE, SmsKind.TOUR,
                    Map.of("property", entry.property().city()));
        }
        session.record("address_asked", Map.of("property", entry.property().ref(), "revealed",
                same && engagement.guaranteeSignedAt() != null));
    }

    /** Name and e-mail, one at a time; when both are known the engagement starts and the link goes out. */
    void collectOrCommit(ConversationSession session, BuyerState.Builder state, CatalogEntry entry, String cause,
                         boolean again) {
        if (state.renterFirstName == null || state.buyerEmail == null) {
            if (!Phase.COLLECTING_INFO.stateName().equals(session.conversation().state())) {
                phases.fire(session, "info_needed", state.renterFirstName == null ? "name" : "e-mail",
                        Map.of("property", entry.property().ref()));
            }
            if (state.renterFirstName == null) {
                reply(session, state, cause, again ? "ask_name_again" : "ask_name", Situation.COLLECT_INFO,
                        SmsKind.FOLLOW_UP, Map.of("property", entry.property().city()));
            } else {
                reply(session, state, cause, again ? "ask_email_again" : "ask_email", Situation.COLLECT_INFO,
                        SmsKind.FOLLOW_UP, Map.of("name", state.renterFirstName));
            }
            return;
        }
        commit(session, state, entry, cause);
    }

    /**
     * COLLECTING_INFO: a question answered meanwhile is followed by the pending question again (the phase is context,
     * not a gate); the cause is the same message, the purpose another, so it is queued once.
     */
    void askAgain(ConversationSession session, BuyerState.Builder state, CatalogEntry entry, String cause) {
        if (state.renterFirstName == null) {
            reply(session, state, cause + ":again", "ask_name_again", Situation.COLLECT_INFO, SmsKind.FOLLOW_UP,
                    Map.of("property", entry.property().city()));
        } else if (state.buyerEmail == null) {
            reply(session, state, cause + ":again", "ask_email_again", Situation.COLLECT_INFO, SmsKind.FOLLOW_UP,
                    Map.of());
        }
    }

    /** COMMITMENT: the engagement (BOOKING_INITIATED, the property held), the one-time guarantee link, its jobs. */
    private void commit(ConversationSession session, BuyerState.Builder state, CatalogEntry entry, String cause) {
        var store = session.store();
        var now = session.now();
        var previous = open(session, state);
        if (previous != null && previous.status() == EngagementStatus.BOOKING_INITIATED) {
            close(session, previous, EngagementStatus.DECLINED, "the buyer chose another property");
        }
        var b = new Engagement.Builder();
        b.conversationId = session.conversation().id();
        b.propertyId = entry.property().id();
        b.listingId = entry.listing().id();
        b.status = EngagementStatus.BOOKING_INITIATED;
        b.buyerName = fullName(state);
        b.buyerEmail = state.buyerEmail;
        b.holdExpiresAt = now.plus(settings.holdDuration());
        b.createdAt = now;
        b.updatedAt = now;
        var engagement = store.engagements().create(b.build());
        state.engagementId = engagement.id();
        state.guaranteeSignedAt = null;
        var ref = entry.property().ref();
        phases.fire(session, "booking_initiated", "name and e-mail known", Map.of("engagement_id", engagement.id(),
                "property", ref));
        var token = issue(session, state, engagement, TokenAction.GUARANTEE, engagement.holdExpiresAt());
        state.guaranteeLinkToken = token.token();
        session.record("engagement", Map.of("engagement_id", engagement.id(), "property", ref, "status",
                engagement.status().name()));
        reply(session, state, cause, "guarantee_link", Situation.GUARANTEE_LINK, SmsKind.COMMITMENT,
                Map.of("link", links.url(GUARANTEE_PATH, token.token()), "property", entry.property().city()));
        phases.fire(session, "guarantee_link_sent", "link " + token.id(), Map.of("engagement_id", engagement.id()));
        var hold = engagement.holdExpiresAt();
        schedule(session, HOLD_24H + engagement.id(), hold.minus(Duration.ofHours(24)));
        schedule(session, HOLD_4H + engagement.id(), hold.minus(Duration.ofHours(4)));
        schedule(session, HOLD_END + engagement.id(), hold);
    }

    private SignupToken issue(ConversationSession session, BuyerState.Builder state, Engagement engagement,
                              TokenAction action, Instant expires) {
        var now = session.now();
        return session.store().signupTokens().create(new SignupToken(0, links.newShortToken(),
                session.conversation().id(), session.conversation().contactId(), engagement.id(),
                engagement.propertyId(), action, clip(fullName(state), 100), state.buyerEmail, false, null, null,
                expires, now));
    }

    /** TOUR_SCHEDULING: the buyer's time goes to the owner through an operator task; the buyer hears "checking". */
    void requestTour(ConversationSession session, BuyerState.Builder state, String cause, String when,
                     long messageId) {
        var engagement = open(session, state);
        if (engagement == null || engagement.guaranteeSignedAt() == null) return;
        var property = session.store().catalog().property(engagement.propertyId()).orElseThrow();
        var b = engagement.edit();
        b.status = EngagementStatus.TOUR_REQUESTED;
        b.tourRequestedText = clip(when, 200);
        b.updatedAt = session.now();
        session.store().engagements().update(b.build());
        session.addTask(messageId, "Tour request for " + property.name() + " (" + property.ref() + "): the buyer asked "
                + "for \"" + clip(when, 100) + "\". Ask the owner, then send tour_confirmed with the time.",
                "tour_request");
        session.record("tour_requested", Map.of("engagement_id", engagement.id(), "property", property.ref()));
        reply(session, state, cause, "tour_checking", Situation.TOUR_UPDATE, SmsKind.TOUR, Map.of("when", when));
    }

    // --- external events: the signing page, the owner, the team ---

    void onEvent(ConversationSession session, BuyerState.Builder state, String name, Map<String, Object> data) {
        switch (name) {
            case "guarantee_signed" -> signed(session, state, data);
            case "tour_confirmed" -> tourConfirmed(session, state, data, false);
            case "tour_rescheduled" -> tourConfirmed(session, state, data, true);
            case "tour_declined" -> tourDeclined(session, state, data);
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
        var token = redeemable(session, state, data, TokenAction.GUARANTEE, state.guaranteeLinkToken);
        if (token == null) return;
        var engagement = engagementOf(session, token);
        var now = session.now();
        var signer = text(data, "name");
        if (signer == null) signer = fullName(state);
        session.store().signupTokens().update(token.redeemed(clip(signer, 200), now));
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
        session.store().engagements().update(b.build());
        state.guaranteeSignedAt = now;
        state.engagementId = engagement.id();
        var property = session.store().catalog().property(engagement.propertyId()).orElseThrow();
        phases.fire(session, "guarantee_signed", "signed by the buyer", Map.of("engagement_id", engagement.id()));
        session.record("engagement", Map.of("engagement_id", engagement.id(), "property", property.ref(), "status",
                EngagementStatus.GUARANTEE_SIGNED.name()));
        // The buyer just acted on the page: the address is their answer, sent at once.
        reply(session, state, "signed:" + token.id(), "address_revealed", Situation.TOUR_UPDATE, SmsKind.TOUR,
                Map.of("address", property.address()));
    }

    /** {@code tour_confirmed} / {@code tour_rescheduled} with {@code {"at": ISO-8601}}. */
    private void tourConfirmed(ConversationSession session, BuyerState.Builder state, Map<String, Object> data,
                               boolean reschedule) {
        var at = instant(data, "at");
        var engagement = open(session, state);
        if (engagement == null || engagement.guaranteeSignedAt() == null) {
            throw new ConflictException("no signed booking to " + (reschedule ? "reschedule" : "confirm") + " a tour for");
        }
        if (reschedule && engagement.tourAt() == null) {
            throw new ConflictException("no confirmed tour to reschedule");
        }
        var now = session.now();
        var property = session.store().catalog().property(engagement.propertyId()).orElseThrow();
        var b = engagement.edit();
        b.status = EngagementStatus.TOUR_CONFIRMED;
        b.tourAt = at;
        b.tourConfirmedAt = now;
        b.updatedAt = now;
        session.store().engagements().update(b.build());
        if (!Phase.ACTIVE.stateName().equals(session.conversation().state())) {
            phases.fire(session, "tour_confirmed", reschedule ? "rescheduled" : "confirmed by the owner",
                    Map.of("engagement_id", engagement.id(), "at", at.toString()));
        }
        session.record(reschedule ? "tour_rescheduled" : "tour_confirmed", Map.of("engagement_id", engagement.id(),
                "at", at.toString()));
        var when = when(session, state, at, property);
        if (reschedule) {
            proactive(session, state, "tour:" + engagement.id() + ":" + at.getEpochSecond(), "tour_rescheduled",
                    Situation.TOUR_UPDATE, SmsKind.TOUR, Map.of("when", when));
        } else {
            proactive(session, state, "tour:" + engagement.id() + ":" + at.getEpochSecond(), "tour_confirmed",
                    Situation.TOUR_UPDATE, SmsKind.TOUR, Map.of("when", when, "address", property.address()));
        }
        var reminder = at.minus(settings.tourReminderBefore());
        if (reminder.isAfter(now)) schedule(session, TOUR_REMINDER + engagement.id() + ":" + at.getEpochSecond(), reminder);
    }

    private void tourDeclined(ConversationSession session, BuyerState.Builder state, Map<String, Object> data) {
        var engagement = open(session, state);
        if (engagement == null || engagement.status() != EngagementStatus.TOUR_REQUESTED) {
            throw new ConflictException("no tour request to decline");
        }
        var asked = engagement.tourRequestedText() == null ? "that time" : engagement.tourRequestedText();
        var b = engagement.edit();
        b.status = EngagementStatus.GUARANTEE_SIGNED;
        b.tourRequestedText = null;
        b.updatedAt = session.now();
        session.store().engagements().update(b.build());
        session.record("tour_declined", Map.of("engagement_id", engagement.id()));
        proactive(session, state, "tour_declined:" + engagement.id() + ":" + session.now().getEpochSecond(),
                "tour_declined", Situation.TOUR_UPDATE, SmsKind.TOUR, Map.of("when", asked));
    }

    private void agreementReady(ConversationSession session, BuyerState.Builder state) {
        var engagement = open(session, state);
        if (engagement == null || engagement.status() != EngagementStatus.TOUR_CONFIRMED) {
            throw new ConflictException("the agreement follows a confirmed tour");
        }
        var now = session.now();
        var token = issue(session, state, engagement, TokenAction.AGREEMENT, now.plus(LINK_VALIDITY));
        var b = engagement.edit();
        b.status = EngagementStatus.AGREEMENT_SENT;
        b.agreementSentAt = now;
        b.updatedAt = now;
        session.store().engagements().update(b.build());
        session.record("engagement", Map.of("engagement_id", engagement.id(), "status", "AGREEMENT_SENT"));
        proactive(session, state, "agreement:" + token.id(), "agreement_ready", Situation.NOTICE, SmsKind.COMMITMENT,
                Map.of("link", links.url(GUARANTEE_PATH, token.token())));
    }

    private void agreementSigned(ConversationSession session, BuyerState.Builder state, Map<String, Object> data) {
        var token = redeemable(session, state, data, TokenAction.AGREEMENT, null);
        if (token == null) return;
        var now = session.now();
        var signer = text(data, "name") == null ? fullName(state) : text(data, "name");
        session.store().signupTokens().update(token.redeemed(clip(signer, 200), now));
        var engagement = engagementOf(session, token);
        var b = engagement.edit();
        b.status = EngagementStatus.AGREEMENT_SIGNED;
        b.updatedAt = now;
        session.store().engagements().update(b.build());
        var onboarding = issue(session, state, engagement, TokenAction.ONBOARDING, now.plus(LINK_VALIDITY));
        session.record("engagement", Map.of("engagement_id", engagement.id(), "status", "AGREEMENT_SIGNED"));
        reply(session, state, "agreement_signed:" + token.id(), "onboarding_ready", Situation.NOTICE,
                SmsKind.COMMITMENT, Map.of("link", links.url(GUARANTEE_PATH, onboarding.token())));
    }

    private void onboardingSigned(ConversationSession session, BuyerState.Builder state, Map<String, Object> data) {
        var token = redeemable(session, state, data, TokenAction.ONBOARDING, null);
        if (token == null) return;
        var signer = text(data, "name") == null ? fullName(state) : text(data, "name");
        session.store().signupTokens().update(token.redeemed(clip(signer, 200), session.now()));
        var engagement = engagementOf(session, token);
        var property = session.store().catalog().property(engagement.propertyId()).orElseThrow();
        session.addTask(null, "Onboarding done for " + property.name() + " (" + property.ref() + "): complete the "
                + "deal (deal_completed with lease_starts) when the lease is countersigned", "deal");
        session.record("onboarding_signed", Map.of("engagement_id", engagement.id()));
    }

    /** {@code deal_completed} ({@code lease_starts}: ISO date): COMPLETED, and "You're all set". */
    private void dealCompleted(ConversationSession session, BuyerState.Builder state, Map<String, Object> data) {
        var raw = text(data, "lease_starts");
        if (raw == null) throw new InvalidRequestException("data.lease_starts", "lease_starts (YYYY-MM-DD) is required");
        LocalDate starts;
        try {
            starts = LocalDate.parse(raw);
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException("data.lease_starts", "lease_starts must be a date YYYY-MM-DD");
        }
        var engagement = open(session, state);
        if (engagement == null || engagement.guaranteeSignedAt() == null) {
            throw new ConflictException("no signed booking to complete");
        }
        var now = session.now();
        var b = engagement.edit();
        b.status = EngagementStatus.COMPLETED;
        b.leaseStartsOn = starts;
        b.completedAt = now;
        b.updatedAt = now;
        session.store().engagements().update(b.build());
        var property = session.store().catalog().property(engagement.propertyId()).orElseThrow();
        phases.fire(session, "deal_completed", "lease starts " + starts, Map.of("engagement_id", engagement.id()));
        session.record("engagement", Map.of("engagement_id", engagement.id(), "status", "COMPLETED"));
        proactive(session, state, "deal:" + engagement.id(), "onboarding_complete", Situation.NOTICE,
                SmsKind.FOLLOW_UP, Map.of("address", property.address(),
                        "date", starts.format(DateTimeFormatter.ofPattern("MMMM d", Locale.US))));
    }

    /** {@code new_match} ({@code listing}: the catalogue's listing id): "Another space just opened up in …". */
    private void newMatch(ConversationSession session, BuyerState.Builder state, Map<String, Object> data) {
        var raw = text(data, "listing");
        long listingId;
        try {
            listingId = Long.parseLong(raw == null ? "" : raw);
        } catch (NumberFormatException e) {
            throw new InvalidRequestException("data.listing", "listing must be a listing id");
        }
        var entry = session.store().catalog().entry(listingId)
                .orElseThrow(() -> new NotFoundException("listing " + listingId));
        if (Phase.SILENT.contains(Phase.of(session.conversation().state()))) {
            session.record("new_match_skipped", Map.of("listing", listingId, "reason", "conversation is "
                    + session.conversation().state()));
            return;
        }
        if (!state.presentedListingIds.contains(listingId)) state.presentedListingIds.add(listingId);
        proactive(session, state, "new_match:" + listingId, "new_match", Situation.NOTICE, SmsKind.FOLLOW_UP,
                Map.of("city", entry.property().city()));
    }

    // --- jobs: hold warnings and expiry, the tour reminder ---

    boolean handles(String trigger) {
        return trigger.startsWith(TOUR_REMINDER) || trigger.startsWith("hold_");
    }

    void onTimer(ConversationSession session, BuyerState.Builder state, String trigger) {
        var parts = trigger.substring(trigger.indexOf(':') + 1).split(":");
        long id = Long.parseLong(parts[0]);
        var engagement = session.store().engagements().find(id).orElse(null);
        if (engagement == null) {
            session.reject(trigger, "no engagement " + id);
            return;
        }
        var property = session.store().catalog().property(engagement.propertyId()).orElseThrow();
        if (trigger.startsWith(TOUR_REMINDER)) {
            // a reschedule leaves the old reminder behind: only the one for the current time speaks
            if (engagement.status() != EngagementStatus.TOUR_CONFIRMED && engagement.status()
                    != EngagementStatus.AGREEMENT_SENT || engagement.tourAt() == null
                    || engagement.tourAt().getEpochSecond() != Long.parseLong(parts[1])) {
                return;
            }
            var zone = zone(session, state, property);
            proactive(session, state, trigger, "tour_reminder", Situation.TOUR_UPDATE, SmsKind.TOUR,
                    Map.of("time", TIME.format(engagement.tourAt().atZone(zone)), "address", property.address()));
            return;
        }
        if (engagement.status() != EngagementStatus.BOOKING_INITIATED) return;
        var token = guaranteeToken(session, engagement);
        if (trigger.startsWith(HOLD_END)) {
            close(session, engagement, EngagementStatus.EXPIRED, "the hold ended before the guarantee was signed");
            return;
        }
        if (token == null || token.used()) return;
        if (trigger.startsWith(HOLD_24H)) {
            proactive(session, state, trigger, "hold_expiring_24h", Situation.NOTICE, SmsKind.FOLLOW_UP,
                    Map.of("property", property.city()));
        } else if (trigger.startsWith(HOLD_4H)) {
            proactive(session, state, trigger, "hold_expiring_4h", Situation.NOTICE, SmsKind.COMMITMENT,
                    Map.of("link", links.url(GUARANTEE_PATH, token.token())));
        }
    }

    /** STOP from any phase: ABANDONED, the open booking cancelled, every link dead, every notice and nudge gone. */
    void abandon(ConversationSession session, BuyerState.Builder state) {
        var now = session.now();
        var engagement = open(session, state);
        if (engagement != null) close(session, engagement, EngagementStatus.CANCELLED, "the buyer opted out");
        for (var token : session.store().signupTokens().ofConversation(session.conversation().id())) {
            if (!token.used() && !token.expired(now)) session.store().signupTokens().update(token.expiredAt(now));
        }
        int cancelled = 0;
        for (var kind : List.of(JOB_KIND, Reengagement.JOB_KIND, Reengagement.DORMANT_KIND)) {
            cancelled += session.store().jobs().cancelPending(session.conversation().id(), kind, now);
        }
        session.record("notifications_cancelled", Map.of("jobs", cancelled));
        if (!Phase.ABANDONED.stateName().equals(session.conversation().state())) {
            phases.fire(session, "opted_out", "STOP keyword", Map.of());
        }
    }

    /** Goes silent (DORMANT): the notices of the booking stop too. */
    void silence(ConversationSession session) {
        session.store().jobs().cancelPending(session.conversation().id(), JOB_KIND, session.now());
    }

    // --- helpers ---

    Engagement open(ConversationSession session, BuyerState.Builder state) {
        if (state.engagementId == null) return null;
        return session.store().engagements().find(state.engagementId).filter(e -> e.status().open()).orElse(null);
    }

    private void close(ConversationSession session, Engagement engagement, EngagementStatus status, String reason) {
        var now = session.now();
        var b = engagement.edit();
        b.status = status;
        b.closedReason = reason;
        b.updatedAt = now;
        session.store().engagements().update(b.build());
        for (var token : session.store().signupTokens().ofConversation(engagement.conversationId())) {
            if (Long.valueOf(engagement.id()).equals(token.engagementId()) && !token.used() && !token.expired(now)) {
                session.store().signupTokens().update(token.expiredAt(now));
            }
        }
        session.record("engagement", Map.of("engagement_id", engagement.id(), "status", status.name(),
                "reason", reason));
    }

    private static SignupToken guaranteeToken(ConversationSession session, Engagement engagement) {
        return session.store().signupTokens().ofConversation(engagement.conversationId()).stream()
                .filter(t -> t.action() == TokenAction.GUARANTEE
                        && Long.valueOf(engagement.id()).equals(t.engagementId()))
                .reduce((a, b) -> b).orElse(null);
    }

    /**
     * The token an event names (or the conversation's own): null when it was already used (a repeated delivery);
     * refused when unknown, of another conversation or kind, or expired.
     */
    private static SignupToken redeemable(ConversationSession session, BuyerState.Builder state,
                                          Map<String, Object> data, TokenAction action, String fallback) {
        var value = text(data, "token");
        if (value == null) value = fallback;
        if (value == null) {
            value = session.store().signupTokens().ofConversation(session.conversation().id()).stream()
                    .filter(t -> t.action() == action && !t.used()).map(SignupToken::token).reduce((a, b) -> b)
                    .orElseThrow(() -> new NotFoundException("no " + action.wire() + " link in this conversation"));
        }
        var token = session.store().signupTokens().findByToken(value)
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

    private static Engagement engagementOf(ConversationSession session, SignupToken token) {
        if (token.engagementId() == null) throw new ConflictException("the link has no booking");
        return session.store().engagements().find(token.engagementId()).filter(e -> e.status().open())
                .orElseThrow(() -> new ConflictException("the booking of this link is closed"));
    }

    private String when(ConversationSession session, BuyerState.Builder state, Instant at, Property property) {
        return WHEN.format(at.atZone(zone(session, state, property)));
    }

    /** A tour is at the property: its zone, else the buyer's. */
    private ZoneId zone(ConversationSession session, BuyerState.Builder state, Property property) {
        if (property.timeZone() != null) {
            try {
                return ZoneId.of(property.timeZone());
            } catch (java.time.DateTimeException ignored) {
                // the buyer's zone below
            }
        }
        return zones.zones(state, session.contact().address()).getFirst();
    }

    private static Instant instant(Map<String, Object> data, String key) {
        var raw = text(data, key);
        if (raw == null) throw new InvalidRequestException("data." + key, key + " (ISO-8601 time) is required");
        try {
            return OffsetDateTime.parse(raw).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return Instant.parse(raw);
            } catch (DateTimeParseException e2) {
                throw new InvalidRequestException("data." + key, key + " must be an ISO-8601 time with an offset, "
                        + "such as 2025-03-06T10:00:00-05:00");
            }
        }
    }

    private static String text(Map<String, Object> data, String key) {
        var v = data == null ? null : data.get(key);
        if (v == null) return null;
        var s = v.toString().strip();
        return s.isEmpty() ? null : s;
    }

    static String fullName(BuyerState.Builder state) {
        if (state.renterFirstName == null) return null;
        return state.renterLastName == null ? state.renterFirstName : state.renterFirstName + " " + state.renterLastName;
    }

    private void reply(ConversationSession session, BuyerState.Builder state, String cause, String template,
                       Situation situation, SmsKind kind, Map<String, String> values) {
        outgoing.reply(session, state, cause, template, Outgoing.Reply.of(situation, kind, with(template, values)));
    }

    private void proactive(ConversationSession session, BuyerState.Builder state, String cause, String template,
                           Situation situation, SmsKind kind, Map<String, String> values) {
        outgoing.proactive(session, state, cause, template, Outgoing.Reply.of(situation, kind, with(template, values)));
    }

    private static Map<String, String> with(String template, Map<String, String> values) {
        var v = new LinkedHashMap<String, String>(values);
        v.put(Situation.TEMPLATE, template);
        return v;
    }

    private void schedule(ConversationSession session, String trigger, Instant at) {
        var due = at.isBefore(session.now()) ? session.now() : at;
        session.store().jobs().schedule(JOB_KIND, session.conversation().id(), trigger, null, due, session.now());
    }

    private static String clip(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
