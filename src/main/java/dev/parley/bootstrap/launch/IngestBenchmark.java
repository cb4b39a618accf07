package dev.parley.bootstrap.launch;

import dev.parley.adapter.http.signature.StandardWebhooks;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.bootstrap.ParleyApp;
import dev.parley.bootstrap.ParleyConfig;
import dev.parley.bootstrap.bench.ScratchDirectory;
import dev.parley.bootstrap.bench.BenchRunner;
import dev.parley.bootstrap.bench.LatencyTimeline;
import dev.parley.bootstrap.bench.PipelineRun;
import dev.parley.bootstrap.bench.RateBaseline;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;

/**
 * {@code parley bench ingest}: raw H2 inserts vs Parley end to end vs a bare HttpServer, all in this JVM
 * (docs/benchmarks.md). Lives here because only the composition root may build a {@link ParleyApp}.
 */
final class IngestBenchmark {
    private final int messages;
    private final int clients;

    IngestBenchmark(int messages, int clients) {
        this.messages = messages;
        this.clients = clients;
    }

    Map<String, Object> run() throws Exception {
        return new BenchRunner(messages, clients).run(this::pipeline).asJson();
    }

    /**
     * {@code parley bench ingest --rate N}: Parley on a fresh home receives {@code rate} signed webhooks a second for
     * {@code seconds} (open loop) after an untimed warm-up of {@code warmUpSeconds} at the same rate (none if 0; the
     * CLI's default is 5 s, or {@code seconds} if shorter); latency from each request's
     * intended send time to its message PROCESSED. Before it, in the same run, the baselines of {@link RateBaseline}
     * (a bare HttpServer at the same rate, one raw H2 commit), which the figures are also given as ratios of.
     */
    static Map<String, Object> atRate(double rate, double seconds, double warmUpSeconds, Path latencies)
            throws Exception {
        var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        double loadBefore = os.getSystemLoadAverage();
        var baseline = RateBaseline.measure(rate, seconds);
        try (var scratch = ScratchDirectory.create("parley-bench-rate-")) {
            var home = scratch.path();
            var random = new SecureRandom();
            var secret = StandardWebhooks.generateSecret(random);
            var flags = new EnumMap<ConfigKey, String>(ConfigKey.class);
            flags.put(ConfigKey.WEBHOOKS_GENERIC_SECRET, secret);
            flags.put(ConfigKey.PLAYBOOK_DEFAULT, "noop");
            flags.put(ConfigKey.PLAYBOOK_INBOUND, "noop");
            var config = ParleyConfig.load(home, Map.of(), flags, random);
            PipelineRun.RateFigures figures;
            int warmUpMessages = 0;
            try (var app = new ParleyApp(config, Clock.systemUTC(), null)) {
                var run = new PipelineRun(app.database.dataSource());
                app.events.subscribe(run::onEvents);
                app.start("127.0.0.1", 0, false);
                var baseUrl = "http://127.0.0.1:" + app.port();
                if (warmUpSeconds > 0) {
                    var warmUp = run.sendAtRate(baseUrl, secret, "warm", rate, warmUpSeconds);
                    warmUpMessages = warmUp.messages() - warmUp.unanswered();
                }
                figures = run.sendAtRate(baseUrl, secret, "timed", rate, seconds);
            }
            if (latencies != null) LatencyTimeline.write(latencies, figures.timings());
            var json = new java.util.LinkedHashMap<String, Object>();
            json.put("rate", figures.rate());
            json.put("seconds", figures.seconds());
            json.put("warm_up_s", warmUpSeconds);
            json.put("warm_up_messages", warmUpMessages);
            json.put("messages", figures.messages());
            json.put("unanswered", figures.unanswered());
            json.put("achieved_rate", round(figures.achievedRate()));
            json.put("p50_ms", round(figures.p50Millis()));
            json.put("p99_ms", round(figures.p99Millis()));
            json.put("max_ms", round(figures.maxMillis()));
            json.put("processed_within_1s", round3(figures.processedWithinASecond()));
            json.put("answered_within_1s", round3(figures.answeredWithinASecond()));
            json.put("answer_p50_ms", round(figures.answerP50Millis()));
            json.put("answer_p99_ms", round(figures.answerP99Millis()));
            json.put("baseline_answer_p50_ms", round(baseline.answerP50Millis()));
            json.put("baseline_answer_p99_ms", round(baseline.answerP99Millis()));
            json.put("baseline_answer_max_ms", round(baseline.answerMaxMillis()));
            json.put("baseline_answered_within_1s", round3(baseline.answeredWithinASecond()));
            json.put("baseline_raw_commit_ms", round3(baseline.rawCommitMillis()));
            json.put("baseline_journal_append_ms", round3(baseline.journalAppendMillis()));
            json.put("answer_p99_vs_baseline", round2(figures.answerP99Millis() / baseline.answerP99Millis()));
            json.put("p50_vs_raw_commit", round2(figures.p50Millis() / baseline.rawCommitMillis()));
            json.put("p99_vs_raw_commit", round2(figures.p99Millis() / baseline.rawCommitMillis()));
            json.put("answer_p50_vs_journal_append", round2(figures.answerP50Millis() / baseline.journalAppendMillis()));
            json.put("load_average_before", round(loadBefore));
            json.put("load_average_after", round(os.getSystemLoadAverage()));
            if (latencies != null) json.put("latencies_file", latencies.toAbsolutePath().toString());
            return json;
        }
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }

    private static double round2(double v) {
        return Math.round(v * 100) / 100.0;
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    /** A ParleyApp on a fresh home with the noop playbook: warm-up batch, then the measured batch. */
    private PipelineRun.Figures pipeline(Path home) throws Exception {
        var random = new SecureRandom();
        var secret = StandardWebhooks.generateSecret(random);
        var flags = new EnumMap<ConfigKey, String>(ConfigKey.class);
        flags.put(ConfigKey.WEBHOOKS_GENERIC_SECRET, secret);
        flags.put(ConfigKey.PLAYBOOK_DEFAULT, "noop");
        flags.put(ConfigKey.PLAYBOOK_INBOUND, "noop");
        var config = ParleyConfig.load(home, Map.of(), flags, random);
        try (var app = new ParleyApp(config, Clock.systemUTC(), null)) {
            var run = new PipelineRun(app.database.dataSource());
            app.events.subscribe(run::onEvents);
            app.start("127.0.0.1", 0, false);
            var baseUrl = "http://127.0.0.1:" + app.port();
            run.send(baseUrl, secret, "warm", BenchRunner.warmUp(messages), clients);
            return run.send(baseUrl, secret, "timed", messages, clients);
        }
    }
}
