package dev.parley.bootstrap.bench;

import dev.parley.adapter.http.signature.StandardWebhooks;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.bootstrap.ParleyApp;
import dev.parley.bootstrap.ParleyConfig;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.OutboxStatus;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code parley bench llm}: the assistant playbook with a model that takes {@code delay} to answer each call (an
 * embedded OpenAI-compatible endpoint, or {@code --base-url}). {@code conversations} contacts each send
 * {@code messages} messages at once (open loop); meanwhile a fresh webhook every 100 ms (to the noop playbook, so it
 * asks no model) measures what a provider waits for its receipt. Reports when the last message was answered against
 * the ideal for the model's concurrency: every conversation's calls one after another, at most
 * {@code model.max_concurrency} calls at once.
 */
public final class LlmBenchmark {
    private LlmBenchmark() {
    }

    /** Options of one run. {@code baseUrl} null: the embedded endpoint. */
    public record Options(Duration delay, int conversations, int messages, int concurrency, String baseUrl,
                          String model) {
    }

    public static Map<String, Object> run(Options o) throws Exception {
        var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        double loadBefore = os.getSystemLoadAverage();
        try (var scratch = ScratchDirectory.create("parley-bench-llm-");
             var endpoint = o.baseUrl() == null ? new SlowModelEndpoint(o.delay()) : null) {
            var random = new SecureRandom();
            var secret = StandardWebhooks.generateSecret(random);
            var flags = new EnumMap<ConfigKey, String>(ConfigKey.class);
            flags.put(ConfigKey.WEBHOOKS_GENERIC_SECRET, secret);
            flags.put(ConfigKey.MODEL_PROVIDER, "openai");
            flags.put(ConfigKey.MODEL_BASE_URL, endpoint != null ? endpoint.baseUrl() : o.baseUrl());
            flags.put(ConfigKey.MODEL_NAME, o.model());
            flags.put(ConfigKey.MODEL_MAX_CONCURRENCY, Integer.toString(o.concurrency()));
            flags.put(ConfigKey.MODEL_READ_TIMEOUT, Long.toString(Math.max(30, o.delay().toSeconds() * 4)));
            flags.put(ConfigKey.MODEL_MAX_RETRIES, "0");
            flags.put(ConfigKey.MODEL_CIRCUIT_FAILURES, "1000");
            var config = ParleyConfig.load(scratch.path(), Map.of(), flags, random);
            try (var app = new ParleyApp(config, Clock.systemUTC(), null)) {
                app.start("127.0.0.1", 0, false);
                app.embeddingsWarm().get();
                int total = o.conversations() * o.messages();
                long began = System.nanoTime();
                for (int m = 1; m <= o.messages(); m++) {
                    for (int c = 1; c <= o.conversations(); c++) {
                        var contact = "+1555020" + String.format("%04d", c);
                        app.receive.receive(new InboundMessage("sms", "llm-" + c + "-" + m, contact, contact,
                                "+15550199", "Question " + m + ": when does my order arrive?", null, null, null,
                                null), "{}");
                    }
                }
                var receipts = new ArrayList<Double>();
                var http = HttpClient.newHttpClient();
                var signer = StandardWebhooks.of(secret, Clock.systemUTC());
                long answeredAt = 0;
                long deadline = began + Duration.ofMinutes(30).toNanos();
                int probe = 0;
                while (System.nanoTime() < deadline) {
                    if (replies(app) >= total) {
                        answeredAt = System.nanoTime();
                        break;
                    }
                    receipts.add(probe(http, signer, app.port(), ++probe));
                    Thread.sleep(100);
                }
                var json = new LinkedHashMap<String, Object>();
                int calls = endpoint != null ? endpoint.served() : (int) app.model.calls().recent(100_000).stream()
                        .filter(c -> !"offline".equals(c.provider())).count();
                double callsPerMessage = total == 0 ? 0 : calls / (double) total;
                double delay = o.delay().toMillis() / 1000.0;
                // Each conversation's calls run one after another; at most `concurrency` calls run at once.
                double chain = o.messages() * callsPerMessage * delay;
                double ideal = Math.max(chain, total * callsPerMessage * delay / o.concurrency());
                double last = answeredAt == 0 ? Double.NaN : (answeredAt - began) / 1e9;
                json.put("conversations", o.conversations());
                json.put("messages", o.messages());
                json.put("delay_ms", o.delay().toMillis());
                json.put("model_max_concurrency", o.concurrency());
                json.put("endpoint", endpoint != null ? "embedded" : o.baseUrl());
                json.put("answered", replies(app));
                json.put("model_calls", calls);
                json.put("calls_per_message", round(callsPerMessage));
                json.put("last_answered_s", round(last));
                json.put("ideal_s", round(ideal));
                json.put("ratio", round(last / ideal));
                json.put("receipts", receipts.size());
                json.put("receipt_p50_ms", round(percentile(receipts, 0.50)));
                json.put("receipt_p99_ms", round(percentile(receipts, 0.99)));
                json.put("receipt_max_ms", round(percentile(receipts, 1.0)));
                json.put("model_concurrency_seen", endpoint != null ? endpoint.mostInFlight()
                        : app.model.concurrency().highest());
                json.put("prepared_again", app.stageMetrics.changed.sum() + app.stageMetrics.missed.sum());
                json.put("load_average_before", round(loadBefore));
                json.put("load_average_after", round(os.getSystemLoadAverage()));
                return json;
            }
        }
    }

    /** Replies queued so far: the assistant's (the probes' noop playbook queues none). */
    private static long replies(ParleyApp app) {
        var counts = app.transactions.inTransaction(s -> s.outbox().countByStatus());
        return counts.values().stream().mapToLong(Long::longValue).sum()
                - counts.getOrDefault(OutboxStatus.HELD, 0L) - counts.getOrDefault(OutboxStatus.DENIED, 0L);
    }

    /** One signed webhook to the noop playbook; its 2xx's wait in milliseconds. */
    private static double probe(HttpClient http, StandardWebhooks signer, int port, int n) throws Exception {
        var id = "llm-probe-" + n;
        var body = ("{\"id\":\"" + id + "\",\"channel\":\"sms\",\"from\":\"+1555030" + String.format("%04d", n)
                + "\",\"text\":\"probe\",\"playbook\":\"noop\"}").getBytes(StandardCharsets.UTF_8);
        long ts = Clock.systemUTC().instant().getEpochSecond();
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/webhooks/generic"))
                .timeout(Duration.ofSeconds(30)).header("content-type", "application/json")
                .header(StandardWebhooks.HEADER_ID, "msg_" + id)
                .header(StandardWebhooks.HEADER_TIMESTAMP, Long.toString(ts))
                .header(StandardWebhooks.HEADER_SIGNATURE, signer.sign("msg_" + id, ts, body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        long sent = System.nanoTime();
        var response = http.send(request, HttpResponse.BodyHandlers.discarding());
        if (response.statusCode() / 100 != 2) throw new IllegalStateException("probe answered " + response.statusCode());
        return (System.nanoTime() - sent) / 1e6;
    }

    private static double percentile(java.util.List<Double> values, double p) {
        if (values.isEmpty()) return Double.NaN;
        var sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        return Percentiles.of(sorted, p);
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
