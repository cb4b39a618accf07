package dev.parley.application.playbook.buyer;

import dev.parley.domain.fsm.PlaybookSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The buyer-sms playbook's settings ({@code settings} of buyer-sms.json), read once at start-up; a bad value stops
 * Parley naming the key.
 *
 * @param sla how long the team has to answer an escalation before the buyer is nudged and ops alerted
 * @param expiry when an unanswered escalation expires (its Reply Tool link stops working)
 * @param followupWindow after an answer, the Reply Tool accepts follow-ups this long
 * @param optOutConfirmation send one confirmation after STOP (carriers allow one); off by default
 * @param supplierForward a text from a known supplier number is forwarded to operators with a generic reply
 * @param holdDuration how long a property is held once the guarantee link is sent (the link expires with it)
 * @param guaranteeTerms the terms the guarantee page shows above the signature
 * @param tourReminderBefore how long before a confirmed tour the reminder goes out
 * @param nudges re-engagement delays per stall point (a phase, or {@code LONG_DORMANCY}), counted from the start of
 *               the silence; the list's length is the stall point's maximum
 * @param dormantAfterNudges unanswered re-engagements (across phases) after which the conversation goes DORMANT
 * @param dormantAfter how long after the last of those the conversation goes DORMANT if the buyer is still silent
 */
public record BuyerSettings(Duration sla, Duration expiry, Duration followupWindow, boolean optOutConfirmation,
                           boolean supplierForward, int maxPolishRounds, int historyMessages, Duration holdDuration,
                           String guaranteeTerms, Duration tourReminderBefore, Map<String, List<Duration>> nudges,
                           int dormantAfterNudges, Duration dormantAfter) {
    /** The cross-phase stall point: a long silence in any phase. */
    public static final String LONG_DORMANCY = "LONG_DORMANCY";
    private static final Set<String> STALL_POINTS = Set.of("PRESENTING", "PROPERTY_FOCUSED", "GUARANTEE_PENDING",
            "ACTIVE", LONG_DORMANCY);

    public static BuyerSettings of(PlaybookSettings s) {
        var settings = new BuyerSettings(s.duration("escalation_sla", Duration.ofHours(2)),
                s.duration("escalation_expiry", Duration.ofDays(2)), s.duration("followup_window", Duration.ofMinutes(30)),
                s.flag("opt_out_confirmation", false), s.flag("supplier_forward", true),
                s.integer("max_polish_rounds", 3), s.integer("history_messages", 8),
                s.duration("hold_duration", Duration.ofHours(48)),
                s.text("guarantee_terms", "By signing you agree to occupy the space if the tour and the lease terms "
                        + "work for you, and we hold the space for you while you decide. No payment is taken now."),
                s.duration("tour_reminder_before", Duration.ofHours(2)), nudges(s),
                s.integer("dormant_after_nudges", 3), s.duration("dormant_after", Duration.ofDays(1)));
        if (settings.sla.isNegative() || settings.sla.isZero()) {
            throw new IllegalArgumentException("setting 'escalation_sla' must be positive");
        }
        if (settings.expiry.compareTo(settings.sla) <= 0) {
            throw new IllegalArgumentException("setting 'escalation_expiry' must be longer than 'escalation_sla'");
        }
        if (settings.maxPolishRounds < 0 || settings.maxPolishRounds > 10) {
            throw new IllegalArgumentException("setting 'max_polish_rounds' must be from 0 to 10");
        }
        if (settings.historyMessages < 1 || settings.historyMessages > 50) {
            throw new IllegalArgumentException("setting 'history_messages' must be from 1 to 50");
        }
        if (settings.holdDuration.compareTo(Duration.ofHours(5)) < 0) {
            throw new IllegalArgumentException("setting 'hold_duration' must be at least PT5H (the last warning "
                    + "goes out 4 hours before it ends)");
        }
        if (settings.tourReminderBefore.isNegative() || settings.tourReminderBefore.isZero()) {
            throw new IllegalArgumentException("setting 'tour_reminder_before' must be positive");
        }
        if (settings.dormantAfterNudges < 1) {
            throw new IllegalArgumentException("setting 'dormant_after_nudges' must be at least 1");
        }
        if (settings.dormantAfter.isNegative()) {
            throw new IllegalArgumentException("setting 'dormant_after' must not be negative");
        }
        return settings;
    }

    /** The delays of a stall point; empty when it has none. */
    public List<Duration> nudgesOf(String stallPoint) {
        return nudges.getOrDefault(stallPoint, List.of());
    }

    private static Map<String, List<Duration>> nudges(PlaybookSettings s) {
        var raw = s.value("nudges").orElse(null);
        if (raw == null) {
            return Map.of("PRESENTING", List.of(Duration.ofHours(4), Duration.ofHours(24)),
                    "PROPERTY_FOCUSED", List.of(Duration.ofHours(24), Duration.ofHours(48)),
                    "GUARANTEE_PENDING", List.of(Duration.ofMinutes(30), Duration.ofHours(4)),
                    "ACTIVE", List.of(Duration.ofHours(24)), LONG_DORMANCY, List.of(Duration.ofDays(7)));
        }
        if (!(raw instanceof Map<?, ?> map)) {
            throw new IllegalArgumentException("setting 'nudges' must be an object: stall point → list of durations");
        }
        var out = new LinkedHashMap<String, List<Duration>>();
        for (var e : map.entrySet()) {
            var key = String.valueOf(e.getKey());
            if (!STALL_POINTS.contains(key)) {
                throw new IllegalArgumentException("setting 'nudges': unknown stall point '" + key + "'; known: "
                        + new java.util.TreeSet<>(STALL_POINTS));
            }
            if (!(e.getValue() instanceof List<?> list)) {
                throw new IllegalArgumentException("setting 'nudges." + key + "' must be a list of durations");
            }
            var delays = new ArrayList<Duration>();
            Duration last = Duration.ZERO;
            for (var item : list) {
                Duration d;
                try {
                    d = Duration.parse(String.valueOf(item));
                } catch (java.time.format.DateTimeParseException ex) {
                    throw new IllegalArgumentException("setting 'nudges." + key + "': not an ISO-8601 duration: "
                            + item, ex);
                }
                if (d.compareTo(last) <= 0) {
                    throw new IllegalArgumentException("setting 'nudges." + key + "': delays must be positive and "
                            + "increasing (each is counted from the start of the silence)");
                }
                delays.add(d);
                last = d;
            }
            out.put(key, List.copyOf(delays));
        }
        return Map.copyOf(out);
    }
}
