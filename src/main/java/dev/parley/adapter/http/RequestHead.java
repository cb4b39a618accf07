package dev.parley.adapter.http;

import com.sun.net.httpserver.Headers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The request line and header fields of an HTTP/1.1 request, read strictly (RFC 9112) and with limits: anything
 * malformed, ambiguous or too large is an {@link HttpProtocolException}, never a guess. Strict framing matters
 * behind a proxy: where two parsers disagree on where a request ends, requests can be smuggled.
 *
 * @param uri the target, as {@code http://parley<path>?<query>} for origin-form targets: only path and query count
 */
record RequestHead(String method, URI uri, boolean http10, Headers headers) {
    static final int MAX_LINE_BYTES = 8 * 1024;
    static final int MAX_HEADER_BYTES = 32 * 1024;
    static final int MAX_HEADERS = 100;
    private static final String TOKEN_CHARS = "!#$%&'*+-.^_`|~";

    /** Reads a head; null when the connection closed before a request began. */
    static RequestHead read(InputStream in) throws IOException, HttpProtocolException {
        String line;
        int blank = 0;
        do {
            line = readLine(in, MAX_LINE_BYTES, true);
            if (line == null) return null;
        } while (line.isEmpty() && ++blank <= 4);
        var parts = line.split(" ", -1);
        if (parts.length != 3 || !isToken(parts[0]) || parts[1].isEmpty()) {
            throw HttpProtocolException.badRequest("malformed request line");
        }
        var version = parts[2];
        if (!version.equals("HTTP/1.1") && !version.equals("HTTP/1.0")) {
            throw version.matches("HTTP/\\d(\\.\\d)?")
                    ? new HttpProtocolException(505, "http_version_not_supported", "HTTP/1.1 or HTTP/1.0 only")
                    : HttpProtocolException.badRequest("malformed request line");
        }
        var headers = new Headers();
        int total = line.length();
        int count = 0;
        while (true) {
            var field = readLine(in, MAX_HEADER_BYTES, false);
            if (field == null) throw HttpProtocolException.badRequest("connection closed inside the header");
            if (field.isEmpty()) break;
            total += field.length();
            if (++count > MAX_HEADERS || total > MAX_HEADER_BYTES) {
                throw new HttpProtocolException(431, "request_header_fields_too_large",
                        "at most " + MAX_HEADERS + " header fields and " + MAX_HEADER_BYTES + " bytes");
            }
            if (field.charAt(0) == ' ' || field.charAt(0) == '\t') {
                throw HttpProtocolException.badRequest("folded header lines are not accepted");
            }
            int colon = field.indexOf(':');
            if (colon <= 0 || !isToken(field.substring(0, colon))) {
                throw HttpProtocolException.badRequest("malformed header field");
            }
            var value = field.substring(colon + 1).strip();
            if (value.chars().anyMatch(c -> c < 0x20 && c != '\t' || c == 0x7f)) {
                throw HttpProtocolException.badRequest("control character in a header value");
            }
            headers.add(field.substring(0, colon), value);
        }
        return new RequestHead(parts[0], target(parts[1]), version.equals("HTTP/1.0"), headers);
    }

    private static URI target(String raw) throws HttpProtocolException {
        try {
            if (raw.startsWith("/")) return new URI("http://parley" + raw);
            if (raw.regionMatches(true, 0, "http://", 0, 7) || raw.regionMatches(true, 0, "https://", 0, 8)) {
                var absolute = new URI(raw);
                var path = absolute.getRawPath() == null || absolute.getRawPath().isEmpty() ? "/" : absolute.getRawPath();
                return new URI("http://parley" + path + (absolute.getRawQuery() == null ? ""
                        : "?" + absolute.getRawQuery()));
            }
        } catch (java.net.URISyntaxException e) {
            throw HttpProtocolException.badRequest("malformed request target");
        }
        throw HttpProtocolException.badRequest("the request target must be a path");
    }

    /** True when the connection may carry another request after this one's response. */
    boolean keepAlive() {
        var connection = headers.getFirst("Connection");
        var value = connection == null ? "" : connection.toLowerCase(Locale.ROOT);
        return http10 ? value.contains("keep-alive") : !value.contains("close");
    }

    private static boolean isToken(String s) {
        if (s.isEmpty()) return false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || TOKEN_CHARS.indexOf(c) >= 0)) {
                return false;
            }
        }
        return true;
    }

    /**
     * One line without its end (CRLF, or a bare LF); null at end of stream before any byte. A bare CR is refused:
     * parsers that disagree on it can be made to split requests differently.
     */
    static String readLine(InputStream in, int max, boolean uriLimit) throws IOException, HttpProtocolException {
        var line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') return line.toString(StandardCharsets.ISO_8859_1);
            if (b == '\r') {
                if (in.read() == '\n') return line.toString(StandardCharsets.ISO_8859_1);
                throw HttpProtocolException.badRequest("bare CR in the request head");
            }
            if (line.size() >= max) {
                throw uriLimit ? new HttpProtocolException(414, "uri_too_long", "the request line exceeds " + max
                        + " bytes") : new HttpProtocolException(431, "request_header_fields_too_large",
                        "a header field exceeds " + max + " bytes");
            }
            line.write(b);
        }
        if (line.size() == 0) return null;
        throw HttpProtocolException.badRequest("connection closed inside the request head");
    }
}
