package dev.parley.application.console;

import dev.parley.domain.conversation.ConversationAlert;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Read-side queries of the console: queue counts, queue pages, dashboard figures, alerts to remind of. */
public final class FindQueues {
    public static final int PAGE_SIZE = 100;
    /** The most items a live update reads: a console shows at most this many rows of a queue after a refresh. */
    public static final int LIVE_LIMIT = 1000;

    private final Queues queues;
    private final Clock clock;

    public FindQueues(Queues queues, Clock clock) {
        this.queues = queues;
        this.clock = clock;
    }

    public Map<QueueKind, Long> counts() {
        return queues.counts();
    }

    /** One page in the queue's default order. */
    public QueuePage page(QueueKind kind, QueueFilter filter, QueueCursor after, int limit) {
        return page(kind, filter, QueueSort.defaultOf(kind), after, limit);
    }

    /** One page; asks for one extra row to know whether another page follows. */
    public QueuePage page(QueueKind kind, QueueFilter filter, QueueSort sort, QueueCursor after, int limit) {
        var order = sort == null || !QueueSort.of(kind).contains(sort) ? QueueSort.defaultOf(kind) : sort;
        var rows = queues.page(kind, filter == null ? QueueFilter.NONE : filter, order, after, limit + 1);
        if (rows.size() <= limit) {
            return new QueuePage(rows, null);
        }
        List<QueueItem> items = rows.subList(0, limit);
        return new QueuePage(List.copyOf(items), items.getLast().cursor());
    }

    /**
     * The items of {@code kind} that belong to {@code conversations} now (none: they left the queue), in the queue's
     * order; at most {@link #LIVE_LIMIT}.
     */
    public List<QueueItem> ofConversations(QueueKind kind, QueueFilter filter, QueueSort sort,
                                           java.util.Collection<Long> conversations) {
        var order = sort == null || !QueueSort.of(kind).contains(sort) ? QueueSort.defaultOf(kind) : sort;
        return queues.ofConversations(kind, filter == null ? QueueFilter.NONE : filter, order, conversations,
                LIVE_LIMIT);
    }

    public DashboardFigures dashboard() {
        var now = clock.instant();
        var since = now.truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(23));
        var week = since.minus(Duration.ofDays(6));
        var ages = new EnumMap<QueueKind, Duration>(QueueKind.class);
        queues.oldest().forEach((kind, at) -> ages.put(kind, Duration.between(at, now)));
        return new DashboardFigures(queues.trafficPerHour(since, 250_000), queues.alertsPerCategory(week),
                queues.counts(), ages, AcknowledgementTimes.of(queues.criticalRaisedSince(week), now));
    }

    /** Critical alerts nobody has acknowledged for {@code after} or longer, oldest first. */
    public List<ConversationAlert> unacknowledgedCritical(Duration after) {
        return queues.unacknowledgedCritical(clock.instant().minus(after), 100);
    }
}
