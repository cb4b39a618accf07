package dev.parley.domain.safety;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What EXTRACT found: per-category scores (after contact history and escalation), the spans that matched (for the
 * rewrite) and the behavioural facts the rules need.
 *
 * @param quietUntil present when the recipient is in quiet hours: when they end (in every zone)
 */
record Signals(Map<RiskCategory, CategoryScore> scores, List<Span> spans, boolean unknownContent,
               ContactHistory contactHistory, Optional<Instant> quietUntil, boolean zoneUnknown,
               int messagesLastHour, int notificationsLastDay, boolean escalation, Instant workStart) {

    /**
     * One hit: its category, its span in the original content, whether its entry is strong (weight ≥ 1) and whether
     * the rewrite drops its whole sentence whatever the category ({@link LexiconEntry#dropsSentence()}).
     */
    record Span(RiskCategory category, int start, int end, boolean strong, boolean dropsSentence) {
    }

    CategoryScore score(RiskCategory c) {
        return scores.get(c);
    }
}
