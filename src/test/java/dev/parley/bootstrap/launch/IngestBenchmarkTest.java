package dev.parley.bootstrap.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.JsonMappers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        // through the CLI without --warm-up: the default warm-up is 5 s, or --seconds if shorter
        var figures = benchIngest("--rate", "40", "--seconds", "1");
        assertThat(figures).containsEntry("messages", 40).containsEntry("rate", 40.0)
                .containsEntry("warm_up_s", 1.0).containsEntry("warm_up_messages", 40);
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

    @Test
    void theWarmUpRunsForAsLongAsAskedAtTheSameRateBeforeTheTimedBatch() throws Exception {
        var figures = benchIngest("--rate", "40", "--seconds", "1", "--warm-up", "2");
        // 80 warm-up messages were sent, acknowledged and PROCESSED (the run waits for them) before the timed 40
        assertThat(figures).containsEntry("warm_up_s", 2.0).containsEntry("warm_up_messages", 80)
                .containsEntry("messages", 40);
        var none = IngestBenchmark.atRate(40, 1, 0, null);
        assertThat(none).containsEntry("warm_up_s", 0.0).containsEntry("warm_up_messages", 0)
                .containsEntry("messages", 40);
    }

    @Test
    void aBadWarmUpIsRefusedNamingTheOptionAndNothingRuns() {
        assertRefused("--warm-up must be from 0 to 3600", "--rate", "10", "--warm-up", "-1");
        assertRefused("--warm-up must be from 0 to 3600", "--rate", "10", "--warm-up", "3601");
        assertRefused("--warm-up must be from 0 to 3600", "--rate", "10", "--warm-up", "NaN");
        assertRefused("'--warm-up'", "--rate", "10", "--warm-up", "soon");
        assertRefused("--seconds, --warm-up and --latencies need --rate", "--warm-up", "60");
        assertRefused("--rate and --seconds do not apply, nor --warm-up", "--db", "jdbc:postgresql://127.0.0.1:1/parley",
                "--warm-up", "60");
    }

    @Test
    void theLatenciesFileHasEveryTimedRequestInSendOrderAndAgreesWithThePercentiles(@TempDir Path dir)
            throws Exception {
        var file = dir.resolve("latencies.csv");
        var figures = benchIngest("--rate", "40", "--seconds", "1", "--warm-up", "0", "--latencies", file.toString());
        assertThat(figures).containsEntry("latencies_file", file.toAbsolutePath().toString());
        var lines = Files.readAllLines(file);
        assertThat(lines.getFirst()).isEqualTo("request,sent_at_ms,sent_at_uptime_ms,answer_ms,processed_ms");
        assertThat(lines).hasSize(41);
        var processed = new ArrayList<Double>();
        double previousSent = -1;
        double previousUptime = -1;
        for (int i = 1; i < lines.size(); i++) {
            var cells = lines.get(i).split(",", -1);
            assertThat(cells).hasSize(5);
            assertThat(Integer.parseInt(cells[0])).isEqualTo(i - 1);
            double sent = Double.parseDouble(cells[1]);
            double uptime = Double.parseDouble(cells[2]);
            // open loop at 40/s: request i is meant to go 25 ms after request i - 1
            if (i == 1) assertThat(sent).isZero();
            else assertThat(sent - previousSent).isCloseTo(25.0, org.assertj.core.data.Offset.offset(0.01));
            if (i > 1) assertThat(uptime - previousUptime).isCloseTo(25.0, org.assertj.core.data.Offset.offset(0.01));
            assertThat(uptime).isPositive();
            previousSent = sent;
            previousUptime = uptime;
            double answer = Double.parseDouble(cells[3]);
            double done = Double.parseDouble(cells[4]);
            assertThat(answer).isPositive();
            assertThat(done).isPositive();
            processed.add(done);
        }
        processed.sort(null);
        assertThat(processed.getLast()).isCloseTo((Double) figures.get("max_ms"),
                org.assertj.core.data.Offset.offset(0.06));
    }

    @Test
    void aLatenciesFileThatCannotBeWrittenIsRefusedBeforeTheRun(@TempDir Path dir) {
        assertRefused("its folder does not exist", "--rate", "10", "--latencies",
                dir.resolve("missing/latencies.csv").toString());
        assertRefused("is a folder, not a file", "--rate", "10", "--latencies", dir.toString());
        assertRefused("--seconds, --warm-up and --latencies need --rate", "--latencies",
                dir.resolve("l.csv").toString());
        assertRefused("nor --warm-up or --latencies", "--db", "jdbc:postgresql://127.0.0.1:1/parley", "--latencies",
                dir.resolve("l.csv").toString());
        assertThat(dir.resolve("l.csv")).doesNotExist();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> benchIngest(String... options) throws Exception {
        var out = new StringWriter();
        var err = new StringWriter();
        int code = Main.run(args(options), new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        return JsonMappers.PLAIN.readValue(out.toString(), Map.class);
    }

    private static void assertRefused(String message, String... options) {
        var out = new StringWriter();
        var err = new StringWriter();
        int code = Main.run(args(options), new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).as(String.join(" ", options)).isEqualTo(2);
        assertThat(err.toString()).contains(message);
        assertThat(out.toString()).as("nothing was run, so no figures").isEmpty();
    }

    private static String[] args(String... options) {
        var args = new String[options.length + 2];
        args[0] = "bench";
        args[1] = "ingest";
        System.arraycopy(options, 0, args, 2, options.length);
        return args;
    }
}
