package dev.parley.bootstrap.launch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The benchmark runs end to end on a tiny batch and reports every figure; no timing is asserted. */
class IngestBenchmarkTest {
    @Test
    void reportsAllFiguresAsPositiveNumbers() throws Exception {
        var figures = new IngestBenchmark(200, 4).run();
        assertThat(figures).containsKeys("raw_h2_rows_per_s", "pipeline_msgs_per_s", "bare_http_rps", "ingest_rps",
                "p50_ms", "p99_ms", "pipeline_vs_raw", "ingest_vs_bare");
        for (var key : new String[] {"raw_h2_rows_per_s", "pipeline_msgs_per_s", "bare_http_rps", "ingest_rps",
                "p50_ms", "p99_ms", "pipeline_vs_raw", "ingest_vs_bare"}) {
            assertThat(figures.get(key)).as(key).isInstanceOfSatisfying(Double.class, v -> assertThat(v).isPositive());
        }
    }

    @Test
    void atASteadyRateReportsLatencyPercentilesAndTheShareWithinASecond() throws Exception {
        var figures = IngestBenchmark.atRate(40, 1);
        assertThat(figures).containsEntry("messages", 40).containsEntry("rate", 40.0);
        double p50 = (Double) figures.get("p50_ms");
        double p99 = (Double) figures.get("p99_ms");
        double max = (Double) figures.get("max_ms");
        assertThat(p50).isPositive().isLessThanOrEqualTo(p99);
        assertThat(p99).isLessThanOrEqualTo(max);
        assertThat((Double) figures.get("processed_within_1s")).isBetween(0.0, 1.0);
        assertThat((Double) figures.get("answered_within_1s")).isBetween(0.0, 1.0);
        assertThat((Double) figures.get("achieved_rate")).isPositive();
        // the baselines of the same run, and the figures as ratios of them
        for (var key : new String[] {"baseline_answer_p50_ms", "baseline_answer_p99_ms", "baseline_raw_commit_ms",
                "baseline_journal_append_ms", "answer_p50_vs_journal_append",
                "answer_p99_vs_baseline", "p50_vs_raw_commit", "p99_vs_raw_commit"}) {
            assertThat(figures.get(key)).as(key).isInstanceOfSatisfying(Double.class, v -> assertThat(v).isPositive());
        }
        assertThat((Double) figures.get("baseline_answer_p50_ms"))
                .isLessThanOrEqualTo((Double) figures.get("baseline_answer_p99_ms"));
        assertThat((Double) figures.get("baseline_answered_within_1s")).isBetween(0.0, 1.0);
    }
}
