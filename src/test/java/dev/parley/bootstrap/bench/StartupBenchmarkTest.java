package dev.parley.bootstrap.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code parley bench startup}: a real {@code parley serve} child on a fresh home answers {@code /health} and the
 * figures name each run and the phases its log gave. No timing is asserted (docs/benchmarks.md holds the figures).
 */
class StartupBenchmarkTest {
    @Test
    void oneStartUpOfARealChildReportsItsTimeAndItsPhases() throws Exception {
        var figures = StartupBenchmark.run(1);
        System.out.println("startup bench: " + figures);

        assertThat(figures).containsEntry("benchmark", "startup").containsEntry("runs", 1);
        @SuppressWarnings("unchecked") var runs = (List<Long>) figures.get("health_ms");
        assertThat(runs).singleElement().satisfies(ms -> assertThat(ms).isPositive());
        assertThat(figures.get("health_ms_p50")).isEqualTo(runs.getFirst());
        assertThat(figures.get("health_ms_max")).isEqualTo(runs.getFirst());
        @SuppressWarnings("unchecked") var phases = (Map<String, Long>) figures.get("phases_ms_p50");
        assertThat(phases).containsOnlyKeys("jvm_and_launcher", "model_and_playbooks", "schema", "integrity_check",
                "hibernate", "listener");
        assertThat(phases.get("schema")).isPositive();
    }

    @Test
    void phasesAreReadFromTheChildsLogLines() {
        var log = """
                22:46:39.864 INFO  ParleyApp - model, playbooks and safety policy ready in 846 ms (3100 ms after the JVM started)
                22:46:43.774 INFO  Database - store opened (pool 12; schema 1309 ms, check 6 ms, Hibernate 260 ms)
                22:46:44.142 INFO  ParleyLauncher - parley 0.1.0 serving on port 41283 (home /tmp/h; 5000 ms after the JVM started)
                """;
        assertThat(StartupBenchmark.phases(log)).containsExactly(Map.entry("jvm_and_launcher", 2254L),
                Map.entry("model_and_playbooks", 846L), Map.entry("schema", 1309L), Map.entry("integrity_check", 6L),
                Map.entry("hibernate", 260L), Map.entry("listener", 325L));
        assertThat(StartupBenchmark.phases("no start-up lines")).isEmpty();
    }
}
