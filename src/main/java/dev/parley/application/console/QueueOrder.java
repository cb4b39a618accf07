package dev.parley.application.console;

import java.time.Instant;
import java.util.Comparator;

/**
 * The order of a queue's items as its page query reads them ({@link Queues#page}), for placing an item read on its
 * own (a live update of one conversation) among the items a console already shows, without reading them again.
 */
public final class QueueOrder {
    private static final Comparator<Instant> SINCE = Comparator.nullsLast(Comparator.naturalOrder());
    private static final Comparator<QueueItem> OLDEST = Comparator.comparing(QueueItem::since, SINCE)
            .thenComparingLong(QueueItem::id);
    private static final Comparator<QueueItem> NEWEST = OLDEST.reversed();

    private QueueOrder() {
    }

    /** The order of {@code kind} read in {@code sort} (the queue's default when it does not offer that one). */
    public static Comparator<QueueItem> of(QueueKind kind, QueueSort sort) {
        var order = sort == null || !QueueSort.of(kind).contains(sort) ? QueueSort.defaultOf(kind) : sort;
        return switch (kind) {
            // tier (critical first), then longest waiting
            case HUMAN_REVIEW -> Comparator.comparingInt(QueueItem::rank).thenComparing(OLDEST);
            case ALL -> switch (order) {
                case OLDEST -> OLDEST;
                case SEVERITY -> Comparator.comparingInt(QueueItem::rank).reversed().thenComparing(NEWEST);
                default -> NEWEST;
            };
            case ESCALATIONS, OPPORTUNITIES -> order == QueueSort.OLDEST ? Comparator.comparingLong(QueueItem::id)
                    : Comparator.comparingLong(QueueItem::id).reversed();
            case HELD -> order == QueueSort.OLDEST ? OLDEST : NEWEST;
            case FAILED -> NEWEST;
        };
    }
}
