package dev.parley.application.playbook.buyer;

import static dev.parley.application.playbook.buyer.BuyerWording.clip;
import static dev.parley.application.playbook.buyer.BuyerWording.fullName;

import dev.parley.application.escalation.ReplyLinks;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.buyer.agents.Situation;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Engagement;
import dev.parley.domain.buyer.EngagementStatus;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.SmsKind;
import dev.parley.domain.buyer.TokenAction;
import dev.parley.domain.catalog.CatalogEntry;
import java.util.List;
import java.util.Map;

/**
 * Seed 003's engagement bridge and token service: "book it" → name and e-mail (interruptible) → the engagement and
 * the one-time guarantee link → the signature reveals the address → the tour request (an operator task for the
 * owner) → the owner's confirmation, reschedule or decline → agreement and onboarding links → the deal. Also the
 * proactive notices of the booking (hold expiring, tour reminder) as jobs, and closing everything on STOP.
 * <p>
 * This class takes the buyer's own messages; the external events are {@link BookingEvents}, the jobs
 * {@link BookingNotices}, the links {@link SigningLinks}.
 */
final class BookingDesk {
    private final BuyerSettings settings;
    private final PhaseMoves phases;
    private final BookingMessages messages;
    private final SigningLinks signing;
    private final BookingNotices notices;
    private final BookingEvents events;

    BookingDesk(BuyerSettings settings, Outgoing outgoing, PhaseMoves phases, ReplyLinks links,
                QuietHoursPolicy zones) {
        this.settings = settings;
        this.phases = phases;
        this.messages = new BookingMessages(outgoing, zones);
        this.signing = new SigningLinks(links);
        this.notices = new BookingNotices(messages, signing);
        this.events = new BookingEvents(settings, phases, messages, signing, notices);
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
                    messages.reply(session, state, cause, "guarantee_reminder", Situation.GUARANTEE_LINK,
                            SmsKind.COMMITMENT, Map.of("link", signing.url(token)));
                    return;
                }
                case GUARANTEE_SIGNED, TOUR_REQUESTED -> {
                    if (!dates.isEmpty()) requestTour(session, state, cause, String.join(" ", dates), messageId);
                    else messages.reply(session, state, cause, "ask_tour_time", Situation.TOUR_UPDATE, SmsKind.TOUR,
                            Map.of("property", entry.property().city()));
                    return;
                }
                default -> {
                    if (engagement.tourAt() != null) {
                        messages.reply(session, state, cause, "tour_already", Situation.TOUR_UPDATE, SmsKind.TOUR,
                                Map.of("when", messages.when(session, state, engagement.tourAt(), entry.property()),
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
            messages.reply(session, state, cause, "address_again", Situation.TOUR_UPDATE, SmsKind.TOUR,
                    Map.of("address", entry.property().address()));
        } else if (same && engagement.status() == EngagementStatus.BOOKING_INITIATED
                && state.guaranteeLinkToken != null) {
            messages.reply(session, state, cause, "guarantee_reminder", Situation.GUARANTEE_LINK, SmsKind.COMMITMENT,
                    Map.of("link", signing.url(state.guaranteeLinkToken)));
        } else {
            messages.reply(session, state, cause, "address_after_booking", Situation.TOUR_UPDATE, SmsKind.TOUR,
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
                messages.reply(session, state, cause, again ? "ask_name_again" : "ask_name", Situation.COLLECT_INFO,
                        SmsKind.FOLLOW_UP, Map.of("property", entry.property().city()));
            } else {
                messages.reply(session, state, cause, again ? "ask_email_again" : "ask_email", Situation.COLLECT_INFO,
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
            messages.reply(session, state, cause + ":again", "ask_name_again", Situation.COLLECT_INFO,
                    SmsKind.FOLLOW_UP, Map.of("property", entry.property().city()));
        } else if (state.buyerEmail == null) {
            messages.reply(session, state, cause + ":again", "ask_email_again", Situation.COLLECT_INFO,
                    SmsKind.FOLLOW_UP, Map.of());
        }
    }

    /** COMMITMENT: the engagement (BOOKING_INITIATED, the property held), the one-time guarantee link, its jobs. */
    private void commit(ConversationSession session, BuyerState.Builder state, CatalogEntry entry, String cause) {
        var now = session.now();
        var previous = open(session, state);
        if (previous != null && previous.status() == EngagementStatus.BOOKING_INITIATED) {
            OpenEngagements.close(session, previous, EngagementStatus.DECLINED, "the buyer chose another property");
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
        var engagement = session.createEngagement(b.build());
        state.engagementId = engagement.id();
        state.guaranteeSignedAt = null;
        var ref = entry.property().ref();
        phases.fire(session, "booking_initiated", "name and e-mail known", Map.of("engagement_id", engagement.id(),
                "property", ref));
        var token = signing.issue(session, state, engagement, TokenAction.GUARANTEE, engagement.holdExpiresAt());
        state.guaranteeLinkToken = token.token();
        session.record("engagement", Map.of("engagement_id", engagement.id(), "property", ref, "status",
                engagement.status().name()));
        messages.reply(session, state, cause, "guarantee_link", Situation.GUARANTEE_LINK, SmsKind.COMMITMENT,
                Map.of("link", signing.url(token.token()), "property", entry.property().city()));
        phases.fire(session, "guarantee_link_sent", "link " + token.id(), Map.of("engagement_id", engagement.id()));
        notices.scheduleHold(session, engagement);
    }

    /** TOUR_SCHEDULING: the buyer's time goes to the owner through an operator task; the buyer hears "checking". */
    void requestTour(ConversationSession session, BuyerState.Builder state, String cause, String when,
                     long messageId) {
        var engagement = open(session, state);
        if (engagement == null || engagement.guaranteeSignedAt() == null) return;
        var property = session.reads().property(engagement.propertyId()).orElseThrow();
        var b = engagement.edit();
        b.status = EngagementStatus.TOUR_REQUESTED;
        b.tourRequestedText = clip(when, 200);
        b.updatedAt = session.now();
        session.updateEngagement(b.build());
        session.addTask(messageId, "Tour request for " + property.name() + " (" + property.ref() + "): the buyer asked "
                + "for \"" + clip(when, 100) + "\". Ask the owner, then send tour_confirmed with the time.",
                "tour_request");
        session.record("tour_requested", Map.of("engagement_id", engagement.id(), "property", property.ref()));
        messages.reply(session, state, cause, "tour_checking", Situation.TOUR_UPDATE, SmsKind.TOUR,
                Map.of("when", when));
    }

    // --- external events and jobs ---

    void onEvent(ConversationSession session, BuyerState.Builder state, String name, Map<String, Object> data) {
        events.onEvent(session, state, name, data);
    }

    boolean handles(String trigger) {
        return notices.handles(trigger);
    }

    void onTimer(ConversationSession session, BuyerState.Builder state, String trigger) {
        notices.onTimer(session, state, trigger);
    }

    /** STOP from any phase: ABANDONED, the open booking cancelled, every link dead, every notice and nudge gone. */
    void abandon(ConversationSession session, BuyerState.Builder state) {
        var now = session.now();
        var engagement = open(session, state);
        if (engagement != null) {
            OpenEngagements.close(session, engagement, EngagementStatus.CANCELLED, "the buyer opted out");
        }
        SigningLinks.expireAll(session, now);
        int cancelled = 0;
        for (var kind : List.of(BookingNotices.JOB_KIND, Reengagement.JOB_KIND, Reengagement.DORMANT_KIND)) {
            cancelled += session.cancelJobs(kind);
        }
        session.record("notifications_cancelled", Map.of("jobs", cancelled));
        if (!Phase.ABANDONED.stateName().equals(session.conversation().state())) {
            phases.fire(session, "opted_out", "STOP keyword", Map.of());
        }
    }

    /** Goes silent (DORMANT): the notices of the booking stop too. */
    void silence(ConversationSession session) {
        notices.silence(session);
    }

    Engagement open(ConversationSession session, BuyerState.Builder state) {
        return OpenEngagements.find(session, state);
    }
}
