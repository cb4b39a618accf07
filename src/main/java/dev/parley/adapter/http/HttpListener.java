package dev.parley.adapter.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.Diagnostics;
import dev.parley.application.store.ConcurrentUpdateException;
import dev.parley.application.store.StoreUnavailableException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded listener: the JDK's HttpServer on virtual threads (docs/decisions/0002-http-server.md).
 * Bodies over 64 KiB are refused before they are read; slow clients are cut off by the server's request timeout.
 */
public final class HttpListener implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HttpListener.class);
    public static final int MAX_BODY_BYTES = 64 * 1024;

    static {
        // Read at first use of the JDK server: cut off clients that take too long to send a request.
        System.setProperty("sun.net.httpserver.maxReqTime", System.getProperty("sun.net.httpserver.maxReqTime", "10"));
        System.setProperty("sun.net.httpserver.maxRspTime", System.getProperty("sun.net.httpserver.maxRspTime", "30"));
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final List<Route> routes;
    private final Supplier<String> apiToken;

    public HttpListener(InetSocketAddress address, List<Route> routes, Supplier<String> apiToken) throws IOException {
        this.routes = List.copyOf(routes);
        this.apiToken = apiToken;
        this.server = HttpServer.create(address, 512);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
    }

    public void start() {
        server.start();
        LOG.info("listening on {}:{}", server.getAddress().getHostString(), port());
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            var response = respond(exchange);
            send(exchange, response);
        } catch (IOException | RuntimeException e) {
            LOG.debug("exchange aborted: {}", e.getClass().getName());
        }
    }

    private HttpResponse respond(HttpExchange exchange) throws IOException {
        var path = exchange.getRequestURI().getPath();
        var method = exchange.getRequestMethod();
        boolean pathKnown = false;
        for (var route : routes) {
            var params = route.match(path);
            if (params.isEmpty()) continue;
            pathKnown = true;
            if (!route.method().equals(method)) continue;
            if (route.needsToken() && !authorised(exchange.getRequestHeaders().getFirst("Authorization"))) {
                drainQuietly(exchange.getRequestBody());
                return HttpResponse.unauthorized();
            }
            var body = readBody(exchange);
            if (body == null) {
                exchange.getResponseHeaders().set("Connection", "close");
                return HttpResponse.error(413, "payload_too_large", "body exceeds " + MAX_BODY_BYTES + " bytes");
            }
            return invoke(route, new HttpRequest(method, exchange.getRequestURI(), params.get(),
                    exchange.getRequestHeaders(), body));
        }
        drainQuietly(exchange.getRequestBody());
        return pathKnown ? HttpResponse.error(405, "method_not_allowed", method + " is not supported here")
                : HttpResponse.error(404, "not_found", "no such endpoint");
    }

    private static HttpResponse invoke(Route route, HttpRequest request) {
        try {
            return route.handler().handle(request);
        } catch (InvalidRequestException e) {
            var body = new java.util.LinkedHashMap<String, Object>();
            body.put("error", "invalid_request");
            body.put("detail", e.getMessage());
            body.put("field", e.field());
            return HttpResponse.json(400, body);
        } catch (NotFoundException e) {
            return HttpResponse.error(404, "not_found", e.getMessage());
        } catch (ConflictException e) {
            return HttpResponse.error(409, "conflict", e.getMessage());
        } catch (ConcurrentUpdateException e) {
            // Still losing the race after the operator use case's own retries: the caller may try again.
            return HttpResponse.error(409, "conflict", "the conversation changed meanwhile; try again");
        } catch (StoreUnavailableException e) {
            LOG.warn("store unavailable: {}", e.getMessage());
            return HttpResponse.error(503, "store_unavailable", "storage is unavailable, try again later");
        } catch (RuntimeException e) {
            LOG.error("route {} {} failed", route.method(), route.pattern(), Diagnostics.loggable(e));
            return HttpResponse.error(500, "internal_error", "the request could not be completed");
        }
    }

    /** The body, or null when it is larger than the limit (then it is not buffered). */
    private static byte[] readBody(HttpExchange exchange) throws IOException {
        var declared = exchange.getRequestHeaders().getFirst("Content-Length");
        if (declared != null) {
            try {
                if (Long.parseLong(declared.trim()) > MAX_BODY_BYTES) return null;
            } catch (NumberFormatException e) {
                return null;
            }
        }
        var in = exchange.getRequestBody();
        var out = new ByteArrayOutputStream();
        var buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer)) > 0) {
            out.write(buffer, 0, n);
            if (out.size() > MAX_BODY_BYTES) return null;
        }
        return out.toByteArray();
    }

    private static void drainQuietly(InputStream in) {
        try {
            in.skipNBytes(Math.min(in.available(), MAX_BODY_BYTES));
        } catch (IOException | RuntimeException ignored) {
            // the response does not depend on the body
        }
    }

    private boolean authorised(String header) {
        var token = apiToken.get();
        if (header == null || token == null || token.isEmpty() || !header.startsWith("Bearer ")) return false;
        return MessageDigest.isEqual(header.substring(7).trim().getBytes(StandardCharsets.UTF_8),
                token.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, HttpResponse response) throws IOException {
        var headers = exchange.getResponseHeaders();
        headers.set("Content-Type", response.contentType());
        response.headers().forEach(headers::set);
        var body = response.body();
        exchange.sendResponseHeaders(response.status(), body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            exchange.getResponseBody().write(body);
        }
    }

    @Override
    public void close() {
        server.stop(1);
        executor.shutdown();
        LOG.info("listener stopped");
    }
}
