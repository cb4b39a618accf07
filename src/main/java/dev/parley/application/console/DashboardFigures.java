package dev.parley.application.console;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the dashboard charts: traffic per hour, alerts per category, queue sizes, the oldest item's age, and how fast
 * critical alerts are acknowledged (last 7 days).
 */
public record DashboardFigures(List<HourlyTraffic> traffic, Map<String, Long> alertsPerCategory,
                               Map<QueueKind, Long> queueSizes, Map<QueueKind, Duration> oldestAge,
                               AcknowledgementTimes acknowledgement) {

    /** Messages in and out during the hour starting at {@code hour}. */
    public record HourlyTraffic(Instant hour, long in, long out) {
    }
}
