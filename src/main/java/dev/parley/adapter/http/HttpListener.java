package dev.parley.adapter.http;

import dev.parley.application.RedactedThrowable;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.store.ConcurrentUpdateException;
import dev.parley.application.store.StoreUnavailableException;
import dev.parley.domain.limit.FieldTooLongException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded listener: Parley's own HTTP/1.1 server on virtual threads ({@link Http1Server},
 * docs/decisions/0002-http-server.md), routing to {@link Route}s. Bodies over 64 KiB are refused before they are read;
 * a request must arrive within {@link #REQUEST_TIMEOUT} (slow clients are cut off). Every error, down to a malformed
 * request line, is answered as JSON {@code {error, detail}}.
 */
public final class HttpListener implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HttpListener.class);
    public static final int MAX_BODY_BYTES = 64 * 1024;
    /** Every path under this prefix needs the API token, whether or not a route serves it. */
    static final String API_PREFIX = "/api";
    /** How long a client has to send a whole request; {@code parley.listener.request_timeout} (seconds) changes it. */
    public static final Duration REQUEST_TIMEOUT =
            Duration.ofSeconds(Long.getLong("parley.listener.request_timeout", 10));
    private static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(30);

    private final Http1Server server;
    private final Supplier<String> apiToken;
    private volatile List<Route> routes = List.of();

    /**
     * Binds {@code address} at once, so a bad address or a port in use is known before anything else is opened;
     * requests are served from {@link #start(List)} on.
     */
    public HttpListener(InetSocketAddress address, Supplier<String> apiToken) throws IOException {
        this.apiToken = apiToken;
        this.server = new Http1Server(address, MAX_BODY_BYTES, REQUEST_TIMEOUT, RESPONSE_TIMEOUT);
    }

    /** Serves {@code routes} from now on. */
    public void start(List<Route> routes) {
        this.routes = List.copyOf(routes);
        server.start(this::respond);
        LOG.info("listening on {}:{}", server.address().getHostString(), port());
    }

    public int port() {
        return server.address().getPort();
    }

    /** The address it is bound to, as written (for binding it again). */
    public String address() {
        return server.address().getAddress().getHostAddress();
    }

    private HttpResponse respond(RequestHead head, byte[] body, InetSocketAddress local, InetSocketAddress remote) {
        var path = head.uri().getPath();
        var method = head.method();
        // The token comes first under /api: without it, no caller learns which paths or methods exist there.
        if (isApi(path) && !authorised(head.headers().getFirst("Authorization"))) {
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
            if (route.needsToken() && !authorised(head.headers().getFirst("Authorization"))) {
                return HttpResponse.unauthorized();
            }
            return invoke(route, new HttpRequest(method, head.uri(), params.get(), head.headers(), body, local,
                    remote));
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
     * Stops taking requests, lets those being answered finish, then closes every connection. A request waits for the
     * store at most 30 s (the writer lock, the pool), so the grace is a little longer: the store is never closed under
     * a receipt being stored (on a loaded machine a second was not enough).
     */
    @Override
    public void close() {
        server.stop(Duration.ofSeconds(40));
        LOG.info("listener stopped");
    }
}
