package dev.parley.application.console;

import dev.parley.application.operator.DeliverExternalEvent;
import dev.parley.application.playbook.buyer.BuyerSmsPlaybook;
import dev.parley.application.store.Store;
import dev.parley.application.store.Transactions;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Engagement;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.conversation.ScheduledJob;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A buyer-sms conversation's journey as the console shows it (the Escalations queue and the conversation view):
 * phase, need and criteria, presented matches, focused property, engagement and its status, pending links, nudge
 * counts, and the scheduled messages, which an operator may send now or cancel (audited, through the playbook).
 * Also the dashboard's funnel by phase and the median times to first match and to a tour.
 */
public final class BuyerJourneys {
    /** A scheduled message: its job, what it is, and when it is due. */
    public record Scheduled(long jobId, String what, Instant dueAt) {
    }

    /** One link of the conversation: guarantee, agreement or onboarding, and where it stands. */
    public record Link(String action, String status, Instant expiresAt) {
    }

    /**
     * @param engagementStatus the open engagement's status, null when there is none (what the console may do next)
     * @param tourZone the zone a tour time typed in the console is read in (the property's, else the buyer's)
     */
    public record Journey(long conversationId, String phase, String needStatus, String criteria,
                          List<String> matches, String focused, String engagement,
                          dev.parley.domain.buyer.EngagementStatus engagementStatus, java.time.ZoneId tourZone,
                          List<Link> links, Map<String, Integer> nudgeCounts, int unanswered,
                          List<Scheduled> scheduled) {
        /** The journey in a few lines, for a detail pane. */
        public String summary() {
            var out = new StringBuilder();
            out.append("Phase ").append(phase).append(" · need ").append(needStatus);
            if (!criteria.isEmpty()) out.append(" · ").append(criteria);
            if (!matches.isEmpty()) out.append("\nMatches: ").append(String.join("; ", matches));
            if (focused != null) out.append("\nFocused: ").append(focused);
            if (engagement != null) out.append("\nEngagement: ").append(engagement);
            for (var l : links) {
                out.append("\nLink ").append(l.action()).append(": ").append(l.status());
                if (l.status().equals("pending")) out.append(" until ").append(l.expiresAt());
            }
            if (!nudgeCounts.isEmpty()) {
                out.append("\nNudges: ").append(nudgeCounts).append(" · unanswered ").append(unanswered);
            }
            return out.toString();
        }

        public Optional<Scheduled> next() {
            return scheduled.stream().findFirst();
        }
    }

    /** The dashboard's buyer figures: conversations per phase (funnel order), median times, or null when none. */
    public record Funnel(Map<Phase, Long> byPhase, Duration medianToFirstMatch, Duration medianToTour) {
    }

    private final Transactions transactions;
    private final DeliverExternalEvent events;
    private final java.time.Clock clock;

    public BuyerJourneys(Transactions transactions, DeliverExternalEvent events, java.time.Clock clock) {
        this.transactions = transactions;
        this.events = events;
        this.clock = clock;
    }

    /** The journey of a buyer-sms conversation; empty for other playbooks. */
    public Optional<Journey> of(long conversationId) {
        return transactions.inTransaction(s -> describe(s, conversationId, clock.instant()));
    }

    private static Optional<Journey> describe(Store s, long conversationId, Instant now) {
        var conversation = s.conversations().find(conversationId).orElse(null);
        if (conversation == null || !BuyerSmsPlaybook.NAME.equals(conversation.playbook())) return Optional.empty();
        var state = s.buyerStates().find(conversationId).orElse(null);
        if (state == null) state = BuyerState.fresh(conversationId, conversation.createdAt());
        var matches = new ArrayList<String>();
        for (var id : state.presentedListingIds()) {
            s.catalog().entry(id).ifPresent(e -> matches.add(e.property().city() + " "
                    + String.format(java.util.Locale.US, "%,d", e.listing().availableSqft()) + " sqft"
                    + (e.listing().baseRate() == null ? "" : " $" + e.listing().baseRate() + "/sqft")));
        }
        String focused = state.focusedListingId() == null ? null : s.catalog().entry(state.focusedListingId())
                .map(e -> e.property().name() + " (" + e.property().ref() + ")").orElse(null);
        String engagement = null;
        dev.parley.domain.buyer.EngagementStatus status = null;
        java.time.ZoneId zone = java.time.ZoneId.systemDefault();
        if (state.engagementId() != null) {
            var e = s.engagements().find(state.engagementId()).orElse(null);
            if (e != null) {
                engagement = engagement(s, e);
                if (e.status().open()) status = e.status();
                var tz = s.catalog().property(e.propertyId()).map(p -> p.timeZone()).orElse(null);
                try {
                    if (tz != null) zone = java.time.ZoneId.of(tz);
                } catch (java.time.DateTimeException ignored) {
                    // the console's zone
                }
            }
        }
        var links = new ArrayList<Link>();
        for (var t : s.signupTokens().ofConversation(conversationId)) {
            links.add(new Link(t.action().wire(), t.used() ? "signed" : t.expired(now) ? "expired" : "pending", t.expiresAt()));
        }
        var scheduled = new ArrayList<Scheduled>();
        for (var job : s.jobs().pendingOf(conversationId)) {
            if (BuyerSmsPlaybook.MESSAGE_JOB_KINDS.contains(job.kind())) {
                scheduled.add(new Scheduled(job.id(), what(job), job.dueAt()));
            }
        }
        scheduled.sort(java.util.Comparator.comparing(Scheduled::dueAt));
        return Optional.of(new Journey(conversationId, conversation.state(), state.needStatus(),
                criteria(state), matches, focused, engagement, status, zone, links, state.stallNudgeCounts(),
                state.reengagementCount(), scheduled));
    }

    private static String engagement(Store s, Engagement e) {
        var property = s.catalog().property(e.propertyId()).map(p -> p.ref()).orElse("#" + e.propertyId());
        var out = new StringBuilder("#" + e.id() + " " + property + " " + e.status().label());
        if (e.tourAt() != null) out.append(", tour ").append(e.tourAt());
        else if (e.tourRequestedText() != null) out.append(", asked \"").append(e.tourRequestedText()).append('"');
        if (e.status() == dev.parley.domain.buyer.EngagementStatus.BOOKING_INITIATED && e.holdExpiresAt() != null) {
            out.append(", held until ").append(e.holdExpiresAt());
        }
        return out.toString();
    }

    private static String criteria(BuyerState state) {
        var c = state.criteria();
        var parts = new ArrayList<String>();
        if (c.sqft() != null) parts.add(String.format(java.util.Locale.US, "%,d sqft", c.sqft()));
        if (c.location() != null) parts.add(c.location() + (c.state() == null ? "" : " " + c.state()));
        if (c.useType() != null) parts.add(c.useType());
        if (c.goodsType() != null) parts.add(c.goodsType());
        if (c.timing() != null) parts.add(c.timing());
        if (!c.features().isEmpty()) parts.add(String.join(", ", c.features()));
        return String.join(" · ", parts);
    }

    /** "Nudge (PRESENTING #1)", "Tour reminder", "Hold expiring (24 h)". */
    static String what(ScheduledJob job) {
        var t = job.trigger();
        if (t.startsWith("nudge:")) {
            var parts = t.substring(6).split(":");
            return "Nudge (" + parts[0] + " #" + (Integer.parseInt(parts[1]) + 1) + ")";
        }
        if (t.startsWith("tour_reminder:")) return "Tour reminder";
        if (t.startsWith("hold_24h:")) return "Hold expiring (24 h)";
        if (t.startsWith("hold_4h:")) return "Hold expiring (4 h)";
        if (t.startsWith("hold_end:")) return "Hold ends (no message)";
        return t;
    }

    /** Sends a scheduled message now (audited: the event carries the operator). */
    public void sendNow(long conversationId, long jobId, String operator) {
        events.deliver(conversationId, BuyerSmsPlaybook.SEND_SCHEDULED, Map.of("job", jobId), operator);
    }

    /** Cancels a scheduled message (audited); a cancelled nudge counts as used for its stall point. */
    public void cancel(long conversationId, long jobId, String operator) {
        events.deliver(conversationId, BuyerSmsPlaybook.CANCEL_SCHEDULED, Map.of("job", jobId), operator);
    }

    /**
     * The owner confirmed a tour (or moved it) — the console's way to send {@code tour_confirmed} /
     * {@code tour_rescheduled}; {@code at} is read in the property's zone.
     */
    public void confirmTour(Journey journey, java.time.LocalDateTime at, String operator) {
        var when = at.atZone(journey.tourZone()).toOffsetDateTime().toString();
        var event = journey.engagementStatus() == dev.parley.domain.buyer.EngagementStatus.TOUR_CONFIRMED
                ? "tour_rescheduled" : "tour_confirmed";
        events.deliver(journey.conversationId(), event, Map.of("at", when), operator);
    }

    /** Sends the agreement link ({@code agreement_ready}). */
    public void agreementReady(long conversationId, String operator) {
        events.deliver(conversationId, "agreement_ready", Map.of(), operator);
    }

    /** The deal is done ({@code deal_completed}); the lease starts on {@code leaseStarts}. */
    public void dealCompleted(long conversationId, java.time.LocalDate leaseStarts, String operator) {
        events.deliver(conversationId, "deal_completed", Map.of("lease_starts", leaseStarts.toString()), operator);
    }

    /** The funnel over the most recent {@code limit} buyer conversations. */
    public Funnel funnel(int limit) {
        return transactions.inTransaction(s -> {
            var byPhase = new EnumMap<Phase, Long>(Phase.class);
            for (var p : Phase.funnel()) byPhase.put(p, 0L);
            var toMatch = new ArrayList<Duration>();
            for (var c : s.conversations().search(new dev.parley.application.store.ConversationQuery(null, null, null,
                    BuyerSmsPlaybook.NAME, limit, null, null))) {
                try {
                    byPhase.merge(Phase.of(c.state()), 1L, Long::sum);
                } catch (IllegalArgumentException ignored) {
                    // a state this version does not know: not in the funnel
                }
                s.buyerStates().find(c.id()).ifPresent(st -> {
                    if (st.firstMatchAt() != null) toMatch.add(Duration.between(c.createdAt(), st.firstMatchAt()));
                });
            }
            var toTour = new ArrayList<Duration>();
            for (var e : s.engagements().recent(limit)) {
                if (e.tourConfirmedAt() == null) continue;
                s.conversations().find(e.conversationId()).ifPresent(c -> toTour.add(Duration.between(c.createdAt(),
                        e.tourConfirmedAt())));
            }
            return new Funnel(byPhase, median(toMatch), median(toTour));
        });
    }

    static Duration median(List<Duration> values) {
        if (values.isEmpty()) return null;
        var sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : sorted.get(n / 2 - 1).plus(sorted.get(n / 2)).dividedBy(2);
    }
}
