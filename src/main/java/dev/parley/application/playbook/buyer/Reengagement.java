package dev.parley.application.playbook.buyer;

import dev.parley.application.escalation.ReplyLinks;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.buyer.agents.Situation;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.EngagementStatus;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.SmsKind;
import dev.parley.domain.contact.ContactStatus;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Seed 003's re-engagement nudges: one scheduled job per conversation for the next nudge of its stall point (the
 * phase's own, or the long dormancy of any phase), counted from the start of the silence (the buyer's last message or
 * the phase's start, whichever is later). Each stall point has its maximum ({@code stall_nudge_counts} per phase, so
 * a buyer nudged twice while browsing gets fresh nudges at the guarantee); any buyer message resets the silence;
 * after {@code dormant_after_nudges} unanswered nudges across phases the conversation goes DORMANT and its need
 * expires, and nothing more is sent until the buyer writes.
 */
final class Reengagement {
    static final String JOB_KIND = "buyer_nudge";
    static final String DORMANT_KIND = "buyer_dormant";
    static final String NUDGE = "nudge:";
    static final String DORMANT = "dormant";

    private final BuyerSettings settings;
    private final Outgoing outgoing;
    private final PhaseMoves phases;
    private final ReplyLinks links;

    Reengagement(BuyerSettings settings, Outgoing outgoing, PhaseMoves phases, ReplyLinks links) {
        this.settings = settings;
        this.outgoing = outgoing;
        this.phases = phases;
        this.links = links;
    }

    /** The stall point of a phase (null: no nudge in that phase). */
    static String stallPoint(Phase phase) {
        return switch (phase) {
            case PRESENTING -> "PRESENTING";
            case PROPERTY_FOCUSED -> "PROPERTY_FOCUSED";
            case COMMITMENT, GUARANTEE_PENDING -> "GUARANTEE_PENDING";
            case ACTIVE -> "ACTIVE";
            default -> null;
        };
    }

    /** The next nudge: its trigger and due time; null when none is due in this phase. */
    record Next(String trigger, Instant dueAt) {
    }

    /** Replaces the pending nudge with the one due now; called after everything that may change the silence. */
    void reschedule(ConversationSession session, BuyerState.Builder state, BookingDesk booking) {
        var now = session.now();
        session.cancelJobs(JOB_KIND);
        if (state.reengagementCount < settings.dormantAfterNudges()) session.cancelJobs(DORMANT_KIND);
        var next = next(session, state, booking);
        state.nextReengagementAt = next == null ? null : next.dueAt();
        if (next == null) return;
        session.schedule(JOB_KIND, next.trigger(), next.dueAt().isBefore(now) ? now : next.dueAt());
    }

    Next next(ConversationSession session, BuyerState.Builder state, BookingDesk booking) {
        var phase = Phase.of(session.conversation().state());
        if (Phase.SILENT.contains(phase) || !mayNudge(session)) return null;
        if (state.reengagementCount >= settings.dormantAfterNudges()) return null;
        var start = silenceStart(state);
        if (start == null) return null;
        Next best = null;
        var point = stallPoint(phase);
        if (point != null && applies(session, state, point, booking)) {
            var from = start;
            if (point.equals("ACTIVE")) {
                // post-tour: the silence that counts starts after the tour
                var e = booking.open(session, state);
                if (e == null || e.tourAt() == null) return longDormancy(state, start);
                if (e.tourAt().isAfter(from)) from = e.tourAt();
            }
            int sent = state.stallNudgeCounts.getOrDefault(point, 0);
            var delays = settings.nudgesOf(point);
            if (sent < delays.size()) best = new Next(NUDGE + point + ":" + sent, from.plus(delays.get(sent)));
        }
        var dormancy = longDormancy(state, start);
        if (dormancy != null && (best == null || dormancy.dueAt().isBefore(best.dueAt()))) best = dormancy;
        return best;
    }

    private Next longDormancy(BuyerState.Builder state, Instant start) {
        var point = BuyerSettings.LONG_DORMANCY;
        int sent = state.stallNudgeCounts.getOrDefault(point, 0);
        var delays = settings.nudgesOf(point);
        return sent < delays.size() ? new Next(NUDGE + point + ":" + sent, start.plus(delays.get(sent))) : null;
    }

    private static boolean applies(ConversationSession session, BuyerState.Builder state, String point,
                                   BookingDesk booking) {
        return switch (point) {
            case "PRESENTING" -> !state.presentedListingIds.isEmpty();
            case "PROPERTY_FOCUSED" -> state.focusedListingId != null;
            case "GUARANTEE_PENDING" -> {
                var e = booking.open(session, state);
                yield e != null && e.status() == EngagementStatus.BOOKING_INITIATED && state.guaranteeLinkToken != null;
            }
            case "ACTIVE" -> true;
            default -> false;
        };
    }

    private static Instant silenceStart(BuyerState.Builder state) {
        var a = state.lastBuyerMessageAt;
        var b = state.phaseSince;
        if (a == null) return b;
        if (b == null) return a;
        return a.isAfter(b) ? a : b;
    }

    private static boolean mayNudge(ConversationSession session) {
        return session.contact().status() == ContactStatus.ACTIVE && !session.conversation().automationPaused();
    }

    boolean handles(String trigger) {
        return trigger.startsWith(NUDGE) || trigger.equals(DORMANT);
    }

    void onTimer(ConversationSession session, BuyerState.Builder state, String trigger, BookingDesk booking) {
        if (trigger.equals(DORMANT)) {
            dormant(session, state, booking);
            return;
        }
        // Only the nudge that is due now speaks: a stale job (the buyer wrote, the phase moved) does nothing.
        // Only the nudge that is next speaks: a stale job (the buyer wrote, the phase moved) does nothing. An
        // operator's "send now" may fire it before its time.
        var next = next(session, state, booking);
        if (next == null || !next.trigger().equals(trigger)) {
            session.record("nudge_skipped", Map.of("trigger", trigger));
            return;
        }
        var parts = trigger.substring(NUDGE.length()).split(":");
        var point = parts[0];
        int index = Integer.parseInt(parts[1]);
        var values = new LinkedHashMap<String, String>();
        values.put(Situation.TEMPLATE, template(point, index));
        focusedCity(session, state).ifPresent(city -> values.put("property", city));
        values.putIfAbsent("property", "that");
        values.put("city", state.criteria.location() != null ? state.criteria.location() : "your area");
        if (point.equals("GUARANTEE_PENDING") && state.guaranteeLinkToken != null) {
            values.put("link", links.url(SigningLinks.GUARANTEE_PATH, state.guaranteeLinkToken));
        }
        var kind = values.get(Situation.TEMPLATE).equals("nudge_guarantee_still") ? SmsKind.COMMITMENT
                : SmsKind.FOLLOW_UP;
        outgoing.proactive(session, state, "nudge:" + point + ":" + index + ":" + session.now().getEpochSecond(),
                "nudge", Outgoing.Reply.of(Situation.NUDGE, kind, values));
        state.stallNudgeCounts.merge(point, 1, Integer::sum);
        state.reengagementCount++;
        session.record("nudge", Map.of("stall_point", point, "count", state.stallNudgeCounts.get(point),
                "unanswered", state.reengagementCount));
        if (state.reengagementCount >= settings.dormantAfterNudges()) {
            session.scheduleJob(DORMANT_KIND, DORMANT, session.now().plus(settings.dormantAfter()));
        }
    }

    /** An operator cancelled the scheduled nudge: it counts as used for its stall point, and is not sent. */
    void cancel(ConversationSession session, BuyerState.Builder state, String trigger) {
        var parts = trigger.substring(NUDGE.length()).split(":");
        state.stallNudgeCounts.merge(parts[0], 1, Integer::sum);
        session.record("nudge_cancelled", Map.of("stall_point", parts[0]));
    }

    private void dormant(ConversationSession session, BuyerState.Builder state, BookingDesk booking) {
        var phase = Phase.of(session.conversation().state());
        if (state.reengagementCount < settings.dormantAfterNudges() || Phase.SILENT.contains(phase)) return;
        phases.fire(session, "no_response", state.reengagementCount + " re-engagements unanswered",
                Map.of("unanswered", state.reengagementCount));
        state.needStatus = BuyerState.NEED_EXPIRED;
        booking.silence(session);
        session.record("need_expired", Map.of("unanswered", state.reengagementCount));
    }

    private static java.util.Optional<String> focusedCity(ConversationSession session, BuyerState.Builder state) {
        if (state.focusedListingId == null) return java.util.Optional.empty();
        return session.reads().catalogEntry(state.focusedListingId).map(e -> e.property().city());
    }

    private static String template(String point, int index) {
        return switch (point) {
            case "PRESENTING" -> "nudge_results";
            case "PROPERTY_FOCUSED" -> "nudge_deep_dive";
            case "GUARANTEE_PENDING" -> index == 0 ? "nudge_guarantee_sent" : "nudge_guarantee_still";
            case "ACTIVE" -> "nudge_post_tour";
            default -> "nudge_long_dormancy";
        };
    }
}
