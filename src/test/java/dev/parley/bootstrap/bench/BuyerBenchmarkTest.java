package dev.parley.bootstrap.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The buyer benchmark runs end to end on two generated journeys (8 messages each, every one through the playbook)
 * and reports every figure; no timing is asserted.
 */
class BuyerBenchmarkTest {
    @Test
    void reportsThePlaybooksOwnTimePerMessage() {
        var figures = BuyerBenchmark.run(2, "memory");
        assertThat(figures).containsEntry("conversations", 2).containsEntry("messages", 16)
                .containsEntry("agents", "offline");
        for (var key : new String[] {"playbook_p50_ms", "playbook_p99_ms", "playbook_cpu_p50_ms",
                "playbook_cpu_p99_ms"}) {
            assertThat(figures.get(key)).as(key).isInstanceOfSatisfying(Double.class, v -> assertThat(v).isPositive());
        }
        assertThat((Double) figures.get("playbook_p99_ms")).isGreaterThanOrEqualTo((Double) figures.get("playbook_p50_ms"));
    }
}
