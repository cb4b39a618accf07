package dev.parley.application.console;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Time to acknowledge critical alerts: how many were raised in a period, how many a human has acknowledged, the
 * median and 90th percentile of the time it took, and how many still wait now and for how long.
 */
public record AcknowledgementTimes(long raised, long acknowledged, Duration median, Duration p90, long waiting,
                                   Duration longestWaiting) {

    /** One critical alert: raised at, first acknowledged at (null while nobody has). */
    public record Raised(Instant at, Instant acknowledgedAt) {
    }

    public static AcknowledgementTimes of(List<Raised> alerts, Instant now) {
        var times = new ArrayList<Duration>();
        long waiting = 0;
        Duration longest = null;
        for (var a : alerts) {
            if (a.acknowledgedAt() != null) {
                times.add(Duration.between(a.at(), a.acknowledgedAt()));
            } else {
                waiting++;
                var w = Duration.between(a.at(), now);
                if (longest == null || w.compareTo(longest) > 0) longest = w;
            }
        }
        times.sort(null);
        return new AcknowledgementTimes(alerts.size(), times.size(), percentile(times, 50), percentile(times, 90),
                waiting, longest);
    }

    /** Nearest-rank percentile; null for no values. */
    static Duration percentile(List<Duration> sorted, int p) {
        if (sorted.isEmpty()) return null;
        int rank = (int) Math.ceil(p / 100.0 * sorted.size());
        return sorted.get(Math.max(0, rank - 1));
    }
}
