package dev.parley.application.pipeline;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/** Counters of the pipeline since start, plus a processing-latency histogram (receipt to PROCESSED). */
public final class PipelineMetrics {
    /** Upper bounds of the latency buckets, in seconds (Prometheus convention). */
    public static final double[] LATENCY_BUCKETS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30};

    public final LongAdder received = new LongAdder();
    public final LongAdder duplicates = new LongAdder();
    public final LongAdder processed = new LongAdder();
    public final LongAdder failed = new LongAdder();
    public final LongAdder retried = new LongAdder();
    private final LongAdder[] latencyBuckets = new LongAdder[LATENCY_BUCKETS.length];
    private final LongAdder latencyCount = new LongAdder();
    private final LongAdder latencyMicros = new LongAdder();

    public PipelineMetrics() {
        for (int i = 0; i < latencyBuckets.length; i++) latencyBuckets[i] = new LongAdder();
    }

    public void observeLatency(Duration latency) {
        double seconds = Math.max(0, latency.toNanos()) / 1e9;
        for (int i = 0; i < LATENCY_BUCKETS.length; i++) {
            if (seconds <= LATENCY_BUCKETS[i]) {
                latencyBuckets[i].increment();
            }
        }
        latencyCount.increment();
        latencyMicros.add(Math.max(0, latency.toNanos() / 1000));
    }

    /** Cumulative count of observations at or below bucket {@code i}. */
    public long bucket(int i) {
        return latencyBuckets[i].sum();
    }

    public long latencyCount() {
        return latencyCount.sum();
    }

    public double latencySumSeconds() {
        return latencyMicros.sum() / 1e6;
    }
}
