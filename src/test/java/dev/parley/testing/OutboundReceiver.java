package dev.parley.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.parley.application.JsonMappers;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Receives Parley's signed-webhook sender like a bridge to a channel would: answers 200 and counts, per
 * {@code reply_to} (the inbound message a reply answers), the distinct outbox rows that arrived. A retried delivery of
 * the same row (same {@code webhook-id}) is a duplicate the receiver drops; two rows for one message are two replies.
 */
public final class OutboundReceiver implements AutoCloseable {
    private static final ObjectMapper JSON = JsonMappers.PLAIN;
    private final HttpServer server;
    /** reply_to → outbox ids received for it. */
    public final Map<String, Set<Long>> rowsByReplyTo = new ConcurrentHashMap<>();
    public final AtomicInteger requests = new AtomicInteger();

    public OutboundReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/outbound", exchange -> {
            try (exchange) {
                var body = JSON.readTree(exchange.getRequestBody().readAllBytes());
                requests.incrementAndGet();
                var replyTo = body.path("reply_to").asText("(none)");
                rowsByReplyTo.computeIfAbsent(replyTo, k -> ConcurrentHashMap.newKeySet())
                        .add(body.path("outbox_id").asLong());
                exchange.sendResponseHeaders(200, -1);
            }
        });
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/outbound";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
