package dev.parley.application.console;

import dev.parley.application.JsonDocuments;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.conversation.TimelineEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Why a conversation waits in Human review, in the words an operator reads on its row: the most urgent unresolved
 * alert (what fired, what it did, whether someone has acknowledged it and how fast), or, without one, the
 * transition that brought the conversation to HumanReview (an unclear intent, a failed extraction, …).
 */
public final class WhyInReview {
    private static final Map<String, String> GUARDS = Map.of(
            "intent_unclear", "Unclear intent: the reply could not be classified",
            "extraction_failed", "Extraction failed: the details in the reply could not be structured");

    private WhyInReview() {
    }

    /**
     * @param unresolved the conversation's unresolved alerts (any order)
     * @param entered    the last transition into HumanReview, or null
     */
    public static String of(List<ConversationAlert> unresolved, TimelineEvent entered, Instant now) {
        var top = unresolved.stream().filter(a -> a.severity().review())
                .min(Comparator.comparingInt((ConversationAlert a) -> a.severity().reviewTier())
                        .thenComparingLong(ConversationAlert::id));
        if (top.isPresent()) return alert(top.get(), now);
        return transition(entered);
    }

    static String alert(ConversationAlert a, Instant now) {
        boolean critical = a.severity() == AlertSeverity.CRITICAL;
        var what = (critical ? "Critical alert: " : "Review-tier alert: ") + categories(a.categories())
                + (a.source() == null || a.source().isBlank() ? "" : " (" + a.source() + ")");
        var effect = critical ? "contact blocked, automation stopped" : "automation paused, contact not blocked";
        return what + " — " + effect + " · " + acknowledgement(a, now);
    }

    /** "acknowledged by Dana after 3 min" or "not acknowledged for 12 min". */
    public static String acknowledgement(ConversationAlert a, Instant now) {
        var h = a.handling();
        if (h.acknowledgedAt() != null) {
            return "acknowledged by " + h.acknowledgedBy() + " after " + duration(a.timeToAcknowledge().orElseThrow());
        }
        return "not acknowledged for " + duration(Duration.between(a.createdAt(), now));
    }

    static String transition(TimelineEvent entered) {
        if (entered == null) return "In HumanReview: waiting for an operator's decision";
        Map<String, Object> detail;
        try {
            detail = JsonDocuments.read(entered.detailJson());
        } catch (IllegalArgumentException e) {
            detail = Map.of();
        }
        if (detail.get("categories") instanceof List<?> categories && !categories.isEmpty()) {
            return "Alert " + categories(categories.stream().map(String::valueOf).toList())
                    + " resolved; still in HumanReview: unblock to resume or conclude";
        }
        var guard = detail.get("guard") == null ? null : String.valueOf(detail.get("guard"));
        var reason = detail.get("reason") == null ? null : String.valueOf(detail.get("reason"));
        var head = guard != null && GUARDS.containsKey(guard) ? GUARDS.get(guard)
                : "In HumanReview after " + (entered.trigger() == null ? "a transition" : entered.trigger())
                + (guard == null ? "" : " (" + guard + ")");
        return reason == null || reason.isBlank() ? head : head + " — " + reason;
    }

    static String categories(List<String> categories) {
        return categories == null || categories.isEmpty() ? "unspecified"
                : String.join(", ", categories.stream().map(c -> c == null ? "?" : c.replace('_', '-')).toList());
    }

    /** "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
    public static String duration(Duration d) {
        if (d.isNegative()) d = Duration.ZERO;
        if (d.toMinutes() < 1) return d.toSeconds() + " s";
        if (d.toHours() < 1) return d.toMinutes() + " min";
        if (d.toDays() < 1) return d.toHours() + " h" + (d.toMinutesPart() == 0 ? "" : " " + d.toMinutesPart() + " min");
        return d.toDays() + " d" + (d.toHoursPart() == 0 ? "" : " " + d.toHoursPart() + " h");
    }
}
