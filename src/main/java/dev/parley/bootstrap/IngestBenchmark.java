package dev.parley.bootstrap;

import dev.parley.adapter.http.signature.StandardWebhooks;
import dev.parley.bootstrap.bench.BenchFigures;
import dev.parley.bootstrap.bench.BenchRunner;
import dev.parley.bootstrap.bench.PipelineRun;
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
