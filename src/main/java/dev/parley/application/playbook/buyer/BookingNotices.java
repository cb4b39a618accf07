package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.buyer.agents.Situation;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Engagement;
import dev.parley.domain.buyer.EngagementStatus;
import dev.parley.domain.buyer.SmsKind;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * The booking's proactive notices as jobs: the hold's warnings (24 h and 4 h before) and its end, and the tour
 * reminder. A notice speaks only while its booking is still where it was scheduled for.
 */
final class BookingNotices {
    static final String JOB_KIND = "buyer_notice";
    static final String TOUR_REMINDER = "tour_reminder:";
    static final String HOLD_24H = "hold_24h:";
    static final String HOLD_4H = "hold_4h:";
    static final String HOLD_END = "hold_end:";

    private final BookingMessages messages;
    private final SigningLinks signing;

    BookingNotices(BookingMessages messages, SigningLinks signing) {
        this.messages = messages;
        this.signing = signing;
    }

    /** The hold's warnings and its end, for a booking just initiated. */
    void scheduleHold(ConversationSession session, Engagement engagement) {
        var hold = engagement.holdExpiresAt();
        schedule(session, HOLD_24H + engagement.id(), hold.minus(Duration.ofHours(24)));
        schedule(session, HOLD_4H + engagement.id(), hold.minus(Duration.ofHours(4)));
        schedule(session, HOLD_END + engagement.id(), hold);
    }

    /** The reminder of the tour at {@code at}, due at {@code due}. */
    void scheduleTourReminder(ConversationSession session, Engagement engagement, Instant at, Instant due) {
        schedule(session, TOUR_REMINDER + engagement.id() + ":" + at.getEpochSecond(), due);
    }

    boolean handles(String trigger) {
        return trigger.startsWith(TOUR_REMINDER) || trigger.startsWith("hold_");
    }

    void onTimer(ConversationSession session, BuyerState.Builder state, String trigger) {
        var parts = trigger.substring(trigger.indexOf(':') + 1).split(":");
        long id = Long.parseLong(parts[0]);
        var engagement = session.reads().engagement(id).orElse(null);
        if (engagement == null) {
            session.reject(trigger, "no engagement " + id);
            return;
        }
        var property = session.reads().property(engagement.propertyId()).orElseThrow();
        if (trigger.startsWith(TOUR_REMINDER)) {
            // a reschedule leaves the old reminder behind: only the one for the current time speaks
            if (engagement.status() != EngagementStatus.TOUR_CONFIRMED && engagement.status()
                    != EngagementStatus.AGREEMENT_SENT || engagement.tourAt() == null
                    || engagement.tourAt().getEpochSecond() != Long.parseLong(parts[1])) {
                return;
            }
            messages.proactive(session, state, trigger, "tour_reminder", Situation.TOUR_UPDATE, SmsKind.TOUR,
                    Map.of("time", messages.time(session, state, engagement.tourAt(), property),
                            "address", property.address()));
            return;
        }
        if (engagement.status() != EngagementStatus.BOOKING_INITIATED) return;
        var token = SigningLinks.guaranteeOf(session, engagement);
        if (trigger.startsWith(HOLD_END)) {
            OpenEngagements.close(session, engagement, EngagementStatus.EXPIRED,
                    "the hold ended before the guarantee was signed");
            return;
        }
        if (token == null || token.used()) return;
        if (trigger.startsWith(HOLD_24H)) {
            messages.proactive(session, state, trigger, "hold_expiring_24h", Situation.NOTICE, SmsKind.FOLLOW_UP,
                    Map.of("property", property.city()));
        } else if (trigger.startsWith(HOLD_4H)) {
            messages.proactive(session, state, trigger, "hold_expiring_4h", Situation.NOTICE, SmsKind.COMMITMENT,
                    Map.of("link", signing.url(token.token())));
        }
    }

    /** Goes silent (DORMANT): the notices of the booking stop too. */
    void silence(ConversationSession session) {
        session.cancelJobs(JOB_KIND);
    }

    private static void schedule(ConversationSession session, String trigger, Instant at) {
        var due = at.isBefore(session.now()) ? session.now() : at;
        session.scheduleJob(JOB_KIND, trigger, due);
    }
}
