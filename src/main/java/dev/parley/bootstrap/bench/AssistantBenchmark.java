package dev.parley.bootstrap.bench;

import dev.parley.application.ManualClock;
import dev.parley.application.model.ModelWait;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.bootstrap.ParleyApp;
import dev.parley.bootstrap.ParleyConfig;
import dev.parley.domain.message.InboundMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * {@code parley bench assistant}: the assistant pipeline's own overhead per message — receipt, processing (redact,
 * route, memory, recall, documents, plan, tools, answer, sanitise, outbox) and delivery — minus the time spent inside
 * the models (the offline language model here, and the sentence-embedding model of semantic recall; both reported
 * apart). Conversations of five messages (a greeting, a
 * time question, a support statement with a card number, a recall question, a recap request), one minute apart, on
 * the in-memory store (or in-memory H2 with {@code h2}), after an untimed warm-up.
 */
public final class AssistantBenchmark {
    static final List<String> SCRIPT = List.of(
            "Hello, is anyone there?",
            "What time is it?",
            "My order 4411 arrived broken, card 4111 1111 1111 1111, email jo@example.com",
            "What did I say earlier about my order?",
            "Can you give me a recap so far?");

    private AssistantBenchmark() {
    }

    public static Map<String, Object> run(int messages, String store) {
        var scratch = ScratchDirectory.create("parley-bench-assistant");
        var home = scratch.path();
        var overrides = new EnumMap<ConfigKey, String>(ConfigKey.class);
        overrides.put(ConfigKey.SENDER, "local");
        overrides.put(ConfigKey.PLAYBOOK_INBOUND, "assistant");
        overrides.put(ConfigKey.MODEL_PROVIDER, "offline");
        overrides.put(ConfigKey.DB_POOL_SIZE, "2");
        if (store.equals("h2")) overrides.put(ConfigKey.DB_URL, "jdbc:h2:mem:bench-assistant;DB_CLOSE_DELAY=-1");
        var config = ParleyConfig.forReplay(home, overrides);
        var clock = new ManualClock(Instant.parse("2026-05-04T09:00:00Z"));
        try (var app = store.equals("h2") ? new ParleyApp(config, clock, null, new Random(1), List.of())
                : ParleyApp.inMemory(config, clock, null, new Random(1), List.of())) {
            send(app, clock, Math.min(500, messages), 0, null);  // warm-up, not measured
            var overhead = new double[messages];
            var overheadCpu = new double[messages];
            var model = new double[messages];
            var embedding = new double[messages];
            send(app, clock, messages, 1_000_000, new double[][] {overhead, overheadCpu, model, embedding});
            for (var figures : List.of(overhead, overheadCpu, model, embedding)) Arrays.sort(figures);
            var out = new LinkedHashMap<String, Object>();
            out.put("messages", messages);
            out.put("store", store);
            out.put("overhead_p50_ms", round(Percentiles.of(overhead, 0.50)));
            out.put("overhead_p99_ms", round(Percentiles.of(overhead, 0.99)));
            out.put("overhead_max_ms", round(overhead[overhead.length - 1]));
            out.put("overhead_cpu_p50_ms", round(Percentiles.of(overheadCpu, 0.50)));
            out.put("overhead_cpu_p99_ms", round(Percentiles.of(overheadCpu, 0.99)));
            out.put("model_p50_ms", round(Percentiles.of(model, 0.50)));
            out.put("model_p99_ms", round(Percentiles.of(model, 0.99)));
            out.put("embedding_p50_ms", round(Percentiles.of(embedding, 0.50)));
            out.put("embedding_p99_ms", round(Percentiles.of(embedding, 0.99)));
            out.put("goal_p99_ms", 5);
            return out;
        } finally {
            scratch.close();
        }
    }

    /** Sends {@code messages}; with {@code out}: overhead (wall), overhead (CPU), model and embedding ms. */
    private static void send(ParleyApp app, ManualClock clock, int messages, int firstContact, double[][] out) {
        for (int i = 0; i < messages; i++) {
            var from = "+1555" + String.format("%07d", firstContact + i / SCRIPT.size());
            var text = SCRIPT.get(i % SCRIPT.size());
            clock.advance(Duration.ofMinutes(1));
            var modelBefore = ModelWait.language();
            var embeddingBefore = ModelWait.embedding();
            long cpuBefore = ModelWait.threadCpu();
            long started = System.nanoTime();
            app.receive.receive(new InboundMessage("sms", "B" + firstContact + "-" + i, from, from, "+15550199", text,
                    null, null, null, null), null);
            app.worker.drain();
            app.deliverOutbox.deliverDue(10);
            long total = System.nanoTime() - started;
            long cpu = ModelWait.threadCpu() - cpuBefore;
            var model = ModelWait.language();
            var embedding = ModelWait.embedding();
            long modelWall = model[0] - modelBefore[0];
            long embeddingWall = embedding[0] - embeddingBefore[0];
            if (out != null) {
                out[0][i] = (total - modelWall - embeddingWall) / 1e6;
                out[1][i] = (cpu - (model[1] - modelBefore[1]) - (embedding[1] - embeddingBefore[1])) / 1e6;
                out[2][i] = modelWall / 1e6;
                out[3][i] = embeddingWall / 1e6;
            }
        }
    }

    private static double round(double ms) {
        return Math.round(ms * 1000) / 1000.0;
    }
}
