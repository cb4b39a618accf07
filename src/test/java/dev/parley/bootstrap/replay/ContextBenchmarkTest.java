package dev.parley.bootstrap.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The context benchmark runs end to end on a small chat (60 messages, 5 timed mentions) and reports every figure, the
 * default strategy's and its same-run baselines' (seed, last5) with ratios; no timing is asserted.
 */
class ContextBenchmarkTest {
    @Test
    void reportsDefaultAndSameRunBaselines() {
        var figures = ContextBenchmark.run(60, 2, 5, 20, ReplayStore.MEMORY);
        assertThat(figures).containsEntry("strategy", "default").containsEntry("store", "memory")
                .containsEntry("lookback", 20).containsEntry("selections", 5).containsEntry("embedded_messages", 60);
        positive(figures, "p50_ms", "p99_ms", "cpu_p50_ms", "cpu_p99_ms", "embedding_ms");
        assertThat((Long) figures.get("embeddings_per_s")).isPositive();
        assertThat((Double) figures.get("p99_ms")).isGreaterThanOrEqualTo((Double) figures.get("p50_ms"));
        @SuppressWarnings("unchecked")
        var baselines = (Map<String, Map<String, Object>>) figures.get("baselines");
        assertThat(baselines).containsOnlyKeys("seed", "last5");
        for (var baseline : baselines.values()) {
            // A last5 selection on the memory store can take under a microsecond of CPU: zero is a figure, not a failure.
            for (var key : new String[] {"p50_ms", "p99_ms", "cpu_p50_ms", "cpu_p99_ms"}) {
                assertThat((Double) baseline.get(key)).as(key).isNotNegative();
            }
            assertThat(baseline).containsKeys("cpu_p50_ratio", "cpu_p99_ratio", "p50_ratio");
        }
    }

    private static void positive(Map<String, Object> figures, String... keys) {
        for (var key : keys) {
            assertThat(figures.get(key)).as(key).isInstanceOfSatisfying(Double.class, v -> assertThat(v).isPositive());
        }
    }
}
