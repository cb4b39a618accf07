package dev.parley.adapter.http;

import dev.parley.application.RedactedThrowable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.function.Function;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Jetty's side of the listener: the request Jetty parsed is held to Parley's limits, its body read whole (at most
 * {@code maxBodyBytes}, refused from its declared length before a byte is read), handed to the routes as an
 * {@link HttpRequest}, and the {@link HttpResponse} written back. Runs on a virtual thread (blocking is fine).
 * A request refused here is answered in the JSON error shape and its connection closed.
 */
final class RouteHandler extends Handler.Abstract {
    private static final Logger LOG = LoggerFactory.getLogger(RouteHandler.class);
    /** The request target's longest form (414 past it); Jetty itself bounds the whole head. */
    static final int MAX_TARGET_BYTES = 8 * 1024;
    /** Request line and header fields together (431 past it, Jetty's own check). */
    static final int MAX_HEADER_BYTES = 32 * 1024;
    static final int MAX_HEADERS = 100;

    /** A refused body up to this size is read to its end before the 413 ({@link #drain}). */
    static final long DRAIN_LIMIT = 1024 * 1024;
    private final int maxBodyBytes;
    private final Function<HttpRequest, HttpResponse> routes;

    RouteHandler(int maxBodyBytes, Function<HttpRequest, HttpResponse> routes) {
        super(InvocationType.BLOCKING);
        this.maxBodyBytes = maxBodyBytes;
        this.routes = routes;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws IOException {
        var refused = refusal(request);
        if (refused != null) {
            if (refused.status() == 413 && request.getLength() <= DRAIN_LIMIT) drain(request, request.getLength());
            write(response, refused.withHeader("Connection", "close"), callback);
            return true;
        }
        var in = Content.Source.asInputStream(request);
        var body = in.readNBytes(maxBodyBytes + 1);
        if (body.length > maxBodyBytes) {
            drain(in, DRAIN_LIMIT - body.length);
            write(response, tooLarge().withHeader("Connection", "close"), callback);
            return true;
        }
        URI uri;
        try {
            uri = new URI("http://parley" + request.getHttpURI().getPathQuery());
        } catch (URISyntaxException e) {
            write(response, badRequest("malformed request target"), callback);
            return true;
        }
        var connection = request.getConnectionMetaData();
        var parsed = new HttpRequest(request.getMethod(), uri, Map.of(), request.getHeaders(), body,
                (InetSocketAddress) connection.getLocalSocketAddress(),
                (InetSocketAddress) connection.getRemoteSocketAddress());
        HttpResponse answer;
        try {
            answer = routes.apply(parsed);
        } catch (RuntimeException e) {
            // The routes map failures themselves; this is the last guard: a client always gets an answer.
            LOG.error("request handling failed", RedactedThrowable.of(e));
            answer = HttpResponse.error(500, "internal_error", "the request could not be completed");
        }
        if (request.getConnectionMetaData().getHttpVersion() == HttpVersion.HTTP_1_0
                && !answer.headers().containsKey("Connection")
                && !request.getHeaders().contains(HttpHeader.CONNECTION, HttpHeaderValue.KEEP_ALIVE.asString())) {
            answer = answer.withHeader("Connection", "close");
        }
        write(response, answer, callback);
        return true;
    }

    /**
     * What Jetty accepts but Parley does not: the answer, or null when the request may go on. The framing itself
     * (Content-Length with Transfer-Encoding, several Content-Lengths, a chunk size) Jetty has already refused.
     */
    private HttpResponse refusal(Request request) {
        var uri = request.getHttpURI();
        var target = uri.getPathQuery();
        if (target == null || !target.startsWith("/")) return badRequest("the request target must be a path");
        if (target.length() > MAX_TARGET_BYTES) {
            return HttpResponse.error(414, "uri_too_long", "the request target exceeds " + MAX_TARGET_BYTES + " bytes");
        }
        var headers = request.getHeaders();
        if (headers.size() > MAX_HEADERS) {
            return HttpResponse.error(431, "request_header_fields_too_large",
                    "at most " + MAX_HEADERS + " header fields and " + MAX_HEADER_BYTES + " bytes");
        }
        var codings = headers.getCSV(HttpHeader.TRANSFER_ENCODING, false);
        if (!codings.isEmpty()) {
            // RFC 9112 6.1: an HTTP/1.0 message with Transfer-Encoding has faulty framing.
            if (request.getConnectionMetaData().getHttpVersion() == HttpVersion.HTTP_1_0) {
                return badRequest("Transfer-Encoding is not HTTP/1.0");
            }
            if (codings.size() != 1 || !codings.getFirst().equalsIgnoreCase("chunked")) {
                return HttpResponse.error(501, "not_implemented", "only the chunked transfer coding is supported");
            }
        }
        long declared = request.getLength();
        if (declared > maxBodyBytes) return tooLarge();
        return null;
    }

    /**
     * Reads and throws away what is left of a refused body, at most {@code limit} bytes, before the 413 goes out: a
     * client that writes its whole body before it reads its answer (most do) then reads the 413 instead of a
     * connection reset under its last writes. A larger body is answered at once and its connection closed.
     */
    private static void drain(Request request, long limit) throws IOException {
        drain(Content.Source.asInputStream(request), limit);
    }

    private static void drain(java.io.InputStream in, long limit) throws IOException {
        var buffer = new byte[8192];
        for (long left = limit; left > 0; ) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (n < 0) return;
            left -= n;
        }
    }

    private HttpResponse tooLarge() {
        return HttpResponse.error(413, "payload_too_large", "body exceeds " + maxBodyBytes + " bytes");
    }

    private static HttpResponse badRequest(String detail) {
        return HttpResponse.error(400, "bad_request", detail).withHeader("Connection", "close");
    }

    private static void write(Response response, HttpResponse answer, Callback callback) {
        response.setStatus(answer.status());
        var headers = response.getHeaders();
        headers.put(HttpHeader.CONTENT_TYPE, answer.contentType());
        answer.headers().forEach(headers::put);
        headers.put(HttpHeader.CONTENT_LENGTH, answer.body().length);
        response.write(true, ByteBuffer.wrap(answer.body()), callback);
    }
}
