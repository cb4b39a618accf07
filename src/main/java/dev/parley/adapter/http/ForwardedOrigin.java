package dev.parley.adapter.http;

import java.util.Locale;
import java.util.Optional;

/**
 * The scheme and host a client used, as a reverse proxy reports them: RFC 7239 {@code Forwarded} ({@code proto=},
 * {@code host=} of its first element), else {@code X-Forwarded-Proto}, {@code X-Forwarded-Host} (else {@code Host})
 * and {@code X-Forwarded-Port}. Read only for a request from a {@link TrustedProxies trusted proxy}.
 */
final class ForwardedOrigin {
    private ForwardedOrigin() {
    }

    /** {@code scheme://host[:port]} as the proxy reports it, or empty when it reports no host. */
    static Optional<String> of(HttpRequest r) {
        String proto = null;
        String host = null;
        var forwarded = r.header("Forwarded");
        if (forwarded != null) {
            for (var pair : forwarded.split(",", 2)[0].split(";")) {
                var eq = pair.indexOf('=');
                if (eq < 0) continue;
                var name = pair.substring(0, eq).strip().toLowerCase(Locale.ROOT);
                var value = unquote(pair.substring(eq + 1).strip());
                if (name.equals("proto")) proto = value;
                if (name.equals("host")) host = value;
            }
        }
        if (proto == null) proto = first(r.header("X-Forwarded-Proto"));
        if (host == null) host = first(r.header("X-Forwarded-Host"));
        if (host == null) host = first(r.header("Host"));
        if (host == null || host.isEmpty()) return Optional.empty();
        var scheme = proto == null || proto.isEmpty() ? "http" : proto.toLowerCase(Locale.ROOT);
        var port = first(r.header("X-Forwarded-Port"));
        boolean hostHasPort = host.lastIndexOf(':') > host.lastIndexOf(']');
        if (port != null && !hostHasPort && !port.equals(scheme.equals("https") ? "443" : "80")) {
            host = host + ":" + port;
        }
        return Optional.of(scheme + "://" + host);
    }

    private static String first(String header) {
        return header == null ? null : header.split(",", 2)[0].strip();
    }

    private static String unquote(String value) {
        return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
                ? value.substring(1, value.length() - 1) : value;
    }
}
