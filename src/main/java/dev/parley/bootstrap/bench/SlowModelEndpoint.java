package dev.parley.bootstrap.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code parley bench llm}'s stand-in for a real model: an OpenAI-compatible {@code /v1/chat/completions} on loopback
 * that answers every request after a fixed delay, on a thread of its own (so it answers any number at once, as a
 * hosted model does), with content each assistant task accepts (by its {@code X-Parley-Task} header). It counts the
 * requests it served and the most it was answering at once. A benchmark fixture, not part of Parley.
 */
final class SlowModelEndpoint implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final Duration delay;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger mostInFlight = new AtomicInteger();
    private final AtomicInteger served = new AtomicInteger();

    SlowModelEndpoint(Duration delay) throws IOException {
        this.delay = delay;
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 512);
        server.createContext("/v1/chat/completions", this::answer);
        server.setExecutor(threads);
        server.start();
    }

    /** {@code model.base_url} of this endpoint. */
    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    int mostInFlight() {
        return mostInFlight.get();
    }

    int served() {
        return served.get();
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            exchange.getRequestBody().readAllBytes();
            int now = inFlight.incrementAndGet();
            mostInFlight.accumulateAndGet(now, Math::max);
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inFlight.decrementAndGet();
            }
            var task = exchange.getRequestHeaders().getFirst("X-Parley-Task");
            var body = completion(content(task == null ? "" : task)).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            served.incrementAndGet();
        }
    }

    /** What a model would say for the assistant's tasks (JSON where the task wants JSON). */
    private static String content(String task) {
        return switch (task) {
            case "route" -> "{\"profile\": \"general\"}";
            case "recall_params" -> "{\"keywords\": []}";
            case "plan" -> "{\"steps\": [{\"action\": \"FINAL_RESPONSE\"}]}";
            default -> "Thanks for your message: here is what I found.";
        };
    }

    private static String completion(String content) {
        var quoted = new StringBuilder("\"");
        for (char c : content.toCharArray()) {
            if (c == '"' || c == '\\') quoted.append('\\');
            quoted.append(c);
        }
        quoted.append('"');
        return "{\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion\",\"created\":1767225600,"
                + "\"model\":\"bench-model\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
                + "\"content\":" + quoted + "},\"finish_reason\":\"stop\"}],"
                + "\"usage\":{\"prompt_tokens\":50,\"completion_tokens\":12,\"total_tokens\":62}}";
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
