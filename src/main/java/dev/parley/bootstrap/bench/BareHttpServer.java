package dev.parley.bootstrap.bench;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/** The ceiling for ingest: the JDK HttpServer on virtual threads, reading the body and answering 202, nothing else. */
final class BareHttpServer implements AutoCloseable {
    private static final byte[] BODY = "{\"message_id\":1,\"duplicate\":false}".getBytes(StandardCharsets.UTF_8);
    private final HttpServer server;
    private final java.util.concurrent.ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

    BareHttpServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 512);
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(202, BODY.length);
                exchange.getResponseBody().write(BODY);
            }
        });
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdown();
    }
}
