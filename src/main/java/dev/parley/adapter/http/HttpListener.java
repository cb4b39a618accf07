package dev.parley.adapter.http;

import com.sun.management.UnixOperatingSystemMXBean;
import dev.parley.application.RedactedThrowable;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.store.ConcurrentUpdateException;
import dev.parley.application.store.StoreUnavailableException;
import dev.parley.domain.limit.FieldTooLongException;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded listener: Jetty's HTTP/1.1 server (core {@code Handler} API, handlers on virtual threads,
 * docs/decisions/0002-http-server.md), routing to {@link Route}s. Jetty parses and frames every request under its
 * RFC 9110 compliance mode; {@link RouteHandler} adds Parley's own limits (64 KiB bodies refused before they are read,
 * an 8 KiB target, 100 header fields, the chunked coding only), {@link RequestDeadlines} cuts off a request that does
 * not arrive within {@link #REQUEST_TIMEOUT}, and {@link JsonErrorHandler} answers whatever Jetty refuses itself in
 * Parley's JSON error shape {@code {error, detail}}. Open connections are capped at {@link #MAX_CONNECTIONS}.
 */
public final class HttpListener implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HttpListener.class);
    public static final int MAX_BODY_BYTES = 64 * 1024;
    /** Every path under this prefix needs the API token, whether or not a route serves it. */
    static final String API_PREFIX = "/api";
    /** How long a client has to send a whole request; {@code parley.listener.request_timeout} (seconds) changes it. */
    public static final Duration REQUEST_TIMEOUT =
            Duration.ofSeconds(Long.getLong("parley.listener.request_timeout", 10));
    /**
     * Open connections at most: {@code parley.listener.max_connections}, else 256 or half the file descriptors the
     * process has left at start, whichever is less. Past it Jetty stops accepting until one closes and idle ones are
     * closed sooner, so the process never runs out of descriptors (which would stop it opening its own files).
     */
    public static final int MAX_CONNECTIONS = connectionCap();
    /** While the cap is reached, a connection idle this long is closed to make room. */
    private static final Duration IDLE_TIMEOUT_AT_CAP = Duration.ofSeconds(2);
    /** An idle persistent connection is closed after this; a response not taken within it is cut off too. */
    static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);
    /**
     * A request waits for the store at most 30 s (the writer lock, the pool), so stopping waits a little longer for
     * requests being answered: the store is never closed under a receipt being stored.
     */
    private static final Duration STOP_GRACE = Duration.ofSeconds(40);

    private final Server server;
    private final ServerConnector connector;
    private final GracefulHandler graceful;
    private final Supplier<String> apiToken;
    private volatile List<Route> routes = List.of();

    /**
     * Binds {@code address} at once, so a bad address or a port in use is known before anything else is opened;
     * requests are served from {@link #start(List)} on.
     */
    public HttpListener(InetSocketAddress address, Supplier<String> apiToken) throws IOException {
        this(address, apiToken, MAX_CONNECTIONS);
    }

    /** As above, with at most {@code maxConnections} open connections. */
    HttpListener(InetSocketAddress address, Supplier<String> apiToken, int maxConnections) throws IOException {
        this.apiToken = apiToken;
        var threads = new QueuedThreadPool();
        threads.setName("parley-http");
        threads.setVirtualThreadsExecutor(VirtualThreads.getNamedVirtualThreadsExecutor("parley-http-request"));
        this.server = new Server(threads);
        this.connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(configuration()));
        connector.setHost(address.getAddress().getHostAddress());
        connector.setPort(address.getPort());
        connector.setIdleTimeout(IDLE_TIMEOUT.toMillis());
        connector.setAcceptQueueSize(512);
        server.addConnector(connector);
        var limit = new NetworkConnectionLimit(maxConnections, connector);
        limit.setEndPointIdleTimeout(IDLE_TIMEOUT_AT_CAP.toMillis());
        server.addBean(limit);
        server.addBean(new RequestDeadlines(connector, REQUEST_TIMEOUT));
        server.setErrorHandler(new JsonErrorHandler());
        this.graceful = new GracefulHandler(new RouteHandler(MAX_BODY_BYTES, this::respond));
        server.setHandler(graceful);
        // close() waits for requests in flight itself; Jetty's own graceful stop would wait for idle connections too
        server.setStopTimeout(0);
        server.setStopAtShutdown(false);
        try {
            connector.open();
        } catch (IOException e) {
            connector.close();
            throw e;
        }
    }

    private static int connectionCap() {
        var configured = Integer.getInteger("parley.listener.max_connections");
        if (configured != null) return configured;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix) {
            long spare = unix.getMaxFileDescriptorCount() - unix.getOpenFileDescriptorCount();
            return (int) Math.max(16, Math.min(256, spare / 2));
        }
        return 256;
    }

    /** Strict HTTP/1.1 framing (Jetty's RFC 9110 mode), no server banner, limits on the head. */
    private static HttpConfiguration configuration() {
        var http = new HttpConfiguration();
        http.setHttpCompliance(HttpCompliance.RFC9110);
        // "//health" is a path that matches no route (404), not an ambiguity to refuse.
        http.setUriCompliance(UriCompliance.DEFAULT.with("PARLEY", UriCompliance.Violation.AMBIGUOUS_EMPTY_SEGMENT));
        http.setRequestHeaderSize(RouteHandler.MAX_HEADER_BYTES);
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        return http;
    }

    /** Serves {@code routes} from now on. */
    public void start(List<Route> routes) {
        this.routes = List.copyOf(routes);
        try {
            server.start();
        } catch (Exception e) {
            throw new IllegalStateException("the listener could not start", e);
        }
        LOG.info("listening on {}:{}", address(), port());
    }

    public int port() {
        return connector.getLocalPort();
    }

    /** The address it is bound to, as written (for binding it again). */
    public String address() {
        return connector.getHost();
    }

    private HttpResponse respond(HttpRequest request) {
        var path = request.uri().getPath();
        var method = request.method();
        // The token comes first under /api: without it, no caller learns which paths or methods exist there.
        if (isApi(path) && !authorised(request.header("Authorization"))) {
            return HttpResponse.unauthorized();
        }
        var allowed = new TreeSet<String>();
        for (var route : routes) {
            var params = route.match(path);
            if (params.isEmpty()) continue;
            if (!route.method().equals(method)) {
                allowed.add(route.method());
                continue;
            }
            if (route.needsToken() && !authorised(request.header("Authorization"))) {
                return HttpResponse.unauthorized();
            }
            return invoke(route, request.withPathParams(params.get()));
        }
        if (!allowed.isEmpty()) {
            return HttpResponse.error(405, "method_not_allowed", method + " is not supported here; allowed: "
                    + String.join(", ", allowed)).withHeader("Allow", String.join(", ", allowed));
        }
        return HttpResponse.error(404, "not_found", "no such endpoint");
    }

    private static boolean isApi(String path) {
        return path != null && (path.equals(API_PREFIX) || path.startsWith(API_PREFIX + "/"));
    }

    /**
     * Runs a route and maps what it throws: bad input 400, unknown 404, conflict 409, an unavailable store 503 (the
     * caller should retry), and anything else, a bug, 500 (a retry would fail the same way), logged once with its
     * stack trace and without any exception message (messages can quote the request).
     */
    private static HttpResponse invoke(Route route, HttpRequest request) {
        try {
            return route.handler().handle(request);
        } catch (InvalidRequestException e) {
            return HttpResponse.invalid(e.field(), e.getMessage());
        } catch (FieldTooLongException e) {
            return HttpResponse.invalid(e.field(), e.getMessage());
        } catch (NotFoundException e) {
            return HttpResponse.error(404, "not_found", e.getMessage());
        } catch (ConflictException e) {
            return HttpResponse.error(409, "conflict", e.getMessage());
        } catch (ConcurrentUpdateException e) {
            // Still losing the race after the operator use case's own retries: the caller may try again.
            return HttpResponse.error(409, "conflict", "the conversation changed meanwhile; try again");
        } catch (StoreUnavailableException e) {
            LOG.warn("route {} {}: store unavailable ({})", route.method(), route.pattern(),
                    RedactedThrowable.describe(e.getCause() != null ? e.getCause() : e));
            return HttpResponse.error(503, "store_unavailable", "storage is unavailable, try again later");
        } catch (RuntimeException e) {
            LOG.error("route {} {} failed", route.method(), route.pattern(), RedactedThrowable.of(e));
            return HttpResponse.error(500, "internal_error", "the request could not be completed");
        }
    }

    private boolean authorised(String header) {
        var token = apiToken.get();
        if (header == null || token == null || token.isEmpty() || !header.startsWith("Bearer ")) return false;
        return MessageDigest.isEqual(header.substring(7).trim().getBytes(StandardCharsets.UTF_8),
                token.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Stops taking connections and requests (one that arrives meanwhile on an open connection is answered 503), lets
     * those being answered finish within {@link #STOP_GRACE}, then closes every connection, idle ones included.
     */
    @Override
    public void close() {
        try {
            if (server.isStarted()) {
                connector.setAccepting(false);
                try {
                    graceful.shutdown().get(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    LOG.warn("listener stop: requests still being answered after {} s", STOP_GRACE.toSeconds());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                server.stop();
            } else {
                connector.close();
            }
        } catch (Exception e) {
            LOG.warn("listener stop: {}", RedactedThrowable.describe(e));
        }
        LOG.info("listener stopped");
    }
}
