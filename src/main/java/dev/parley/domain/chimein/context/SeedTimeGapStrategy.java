package dev.parley.domain.chimein.context;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;

/**
 * Seed 004's "Anchored Time-Gap Clustering", exactly as written: fetch the last {@code LOOKBACK_LIMIT} (20)
 * messages, walk back from the mention and keep each message until the silence between it and the message after
 * it is longer than {@code TIME_THRESHOLD} (default 60 minutes; a gap of exactly the threshold is kept, the seed's
 * test is {@code gap > threshold}); then merge the anchor (the message replied to), fetched by id however old.
 */
public final class SeedTimeGapStrategy implements ContextStrategy {
    public static final String NAME = "seed";
    public static final int LOOKBACK_LIMIT = 20;
    public static final Duration DEFAULT_TIME_THRESHOLD = Duration.ofMinutes(60);

    private final Duration threshold;

    public SeedTimeGapStrategy(Duration threshold) {
        this.threshold = Objects.requireNonNull(threshold, "threshold");
        if (threshold.isNegative()) throw new IllegalArgumentException("threshold must not be negative");
    }

    public SeedTimeGapStrategy() {
        this(DEFAULT_TIME_THRESHOLD);
    }

    public Duration threshold() {
        return threshold;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int lookback() {
        return LOOKBACK_LIMIT;
    }

    @Override
    public ContextSelection select(ContextQuery query) {
        var chosen = new LinkedHashMap<Long, SelectedMessage>();
        var history = query.recent();
        var previous = query.trigger().sentAt();
        int from = Math.max(0, history.size() - LOOKBACK_LIMIT);
        for (int i = history.size() - 1; i >= from; i--) {
            var message = history.get(i);
            var gap = Duration.between(message.sentAt(), previous);
            if (gap.compareTo(threshold) > 0) break;
            chosen.put(message.id(), new SelectedMessage(message,
                    List.of(SelectionReason.of(SelectionReason.Kind.TIME_CLUSTER))));
            previous = message.sentAt();
        }
        query.anchor().ifPresent(anchor -> chosen.merge(anchor.id(),
                new SelectedMessage(anchor, List.of(SelectionReason.of(SelectionReason.Kind.ANCHOR))),
                (inCluster, asAnchor) -> new SelectedMessage(inCluster.message(), List.of(
                        SelectionReason.of(SelectionReason.Kind.ANCHOR),
                        SelectionReason.of(SelectionReason.Kind.TIME_CLUSTER)))));
        var ordered = new ArrayList<>(chosen.values());
        ordered.sort(Comparator.comparing((SelectedMessage s) -> s.message().sentAt())
                .thenComparingLong(s -> s.message().id()));
        return new ContextSelection(NAME, ordered);
    }
}
