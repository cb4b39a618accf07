package dev.parley.adapter.metrics;

import dev.parley.application.pipeline.PipelineMetrics;
import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;

/**
 * The pipeline's processing latency as a Prometheus histogram. The pipeline counts observations per bucket itself
 * (the application knows no metrics library); this turns its cumulative counts into the client's snapshot.
 */
final class LatencyHistogram implements Collector {
    private final String name;
    private final String help;
    private final PipelineMetrics pipeline;

    LatencyHistogram(String name, String help, PipelineMetrics pipeline) {
        this.name = name;
        this.help = help;
        this.pipeline = pipeline;
    }

    @Override
    public String getPrometheusName() {
        return name;
    }

    @Override
    public HistogramSnapshot collect() {
        var bounds = PipelineMetrics.LATENCY_BUCKETS;
        var upperBounds = new double[bounds.length + 1];
        var counts = new long[bounds.length + 1];
        long below = 0;
        for (int i = 0; i <= bounds.length; i++) {
            // Counters move while they are read: a bucket is never counted below the one before it.
            long cumulative = Math.max(below, i < bounds.length ? pipeline.bucket(i) : pipeline.latencyCount());
            upperBounds[i] = i < bounds.length ? bounds[i] : Double.POSITIVE_INFINITY;
            counts[i] = cumulative - below;
            below = cumulative;
        }
        return HistogramSnapshot.builder().name(name).help(help)
                .dataPoint(HistogramDataPointSnapshot.builder()
                        .classicHistogramBuckets(ClassicHistogramBuckets.of(upperBounds, counts))
                        .sum(pipeline.latencySumSeconds()).build())
                .build();
    }
}
