package dev.parley.application.console;

import dev.parley.domain.conversation.ConversationAlert;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Read-side port over the store for the console's queues: keyset-paged, index-backed queries only, so a page
 * stays fast on a store with 100k conversations and 1M messages, in every order and with every filter.
 */
public interface Queues {

    /** How many items each queue holds right now. */
    Map<QueueKind, Long> counts();

    /** Up to {@code limit} items of {@code kind} in {@code sort} order after {@code after} (null: the first page). */
    List<QueueItem> page(QueueKind kind, QueueFilter filter, QueueSort sort, QueueCursor after, int limit);

    /** As above, in the queue's default order. */
    default List<QueueItem> page(QueueKind kind, QueueFilter filter, QueueCursor after, int limit) {
        return page(kind, filter, QueueSort.defaultOf(kind), after, limit);
    }

    /**
     * The items of {@code kind} that belong to {@code conversations}, in {@code sort} order (by severity: newest
     * activity first, the attention in each item's rank), at most {@code limit}: what a live update of those
     * conversations changes in a queue a console shows.
     */
    List<QueueItem> ofConversations(QueueKind kind, QueueFilter filter, QueueSort sort,
                                    java.util.Collection<Long> conversations, int limit);

    /** When the oldest item of each queue arrived (queues without items are absent). */
    Map<QueueKind, Instant> oldest();

    /** Messages in and out per hour since {@code since}; reads at most {@code maxMessages} recent messages. */
    List<DashboardFigures.HourlyTraffic> trafficPerHour(Instant since, int maxMessages);

    /** Alerts raised since {@code since}, by category. */
    Map<String, Long> alertsPerCategory(Instant since);

    /** CRITICAL alerts raised since {@code since}: when each was raised and first acknowledged (null: not yet). */
    List<AcknowledgementTimes.Raised> criticalRaisedSince(Instant since);

    /** Unacknowledged (OPEN) CRITICAL alerts raised at or before {@code raisedBy}, oldest first. */
    List<ConversationAlert> unacknowledgedCritical(Instant raisedBy, int limit);
}
