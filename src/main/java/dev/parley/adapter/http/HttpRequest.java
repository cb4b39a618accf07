package dev.parley.adapter.http;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.jetty.http.HttpFields;

/**
 * A request as the routes see it: the body is already read (and size-checked). {@code local} is the listener's own
 * address the request arrived on, {@code remote} the peer's (a proxy's, behind one).
 */
public record HttpRequest(String method, URI uri, Map<String, String> pathParams, HttpFields headers, byte[] body,
                          InetSocketAddress local, InetSocketAddress remote) {

    /** The first value of header {@code name} (any case), or null. */
    public String header(String name) {
        return headers.get(name);
    }

    /** This request with the path parameters of the route it matched. */
    HttpRequest withPathParams(Map<String, String> params) {
        return new HttpRequest(method, uri, Map.copyOf(params), headers, body, local, remote);
    }

    public Map<String, String> query() {
        var params = new HashMap<String, String>();
        var raw = uri.getRawQuery();
        if (raw == null || raw.isEmpty()) return params;
        for (var pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            var key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            var value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            params.putIfAbsent(key, value);
        }
        return params;
    }

    public String path(String name) {
        return pathParams.get(name);
    }
}
