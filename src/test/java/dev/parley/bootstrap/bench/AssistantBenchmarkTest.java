package dev.parley.bootstrap.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The assistant benchmark runs end to end on three messages (no recall question, so no embedding model load) and reports every figure; no timing is asserted. */
class AssistantBenchmarkTest {
    @Test
    void reportsOverheadAndModelTimesApart() {
        var figures = AssistantBenchmark.run(3, "memory");
        assertThat(figures).containsEntry("messages", 3).containsEntry("store", "memory");
        for (var key : new String[] {"overhead_p50_ms", "overhead_p99_ms", "overhead_cpu_p50_ms", "overhead_cpu_p99_ms",
                "model_p50_ms"}) {
            assertThat(figures.get(key)).as(key).isInstanceOfSatisfying(Double.class, v -> assertThat(v).isPositive());
        }
        assertThat((Double) figures.get("overhead_p99_ms")).isGreaterThanOrEqualTo((Double) figures.get("overhead_p50_ms"));
    }
}
