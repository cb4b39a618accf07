package dev.parley.adapter.http;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** One endpoint: a method, a path pattern with {@code {name}} segments, and whether it needs the API token. */
public record Route(String method, String pattern, boolean needsToken, Handler handler) {

    @FunctionalInterface
    public interface Handler {
        HttpResponse handle(HttpRequest request);
    }

    public static Route open(String method, String pattern, Handler handler) {
        return new Route(method, pattern, false, handler);
    }

    public static Route api(String method, String pattern, Handler handler) {
        return new Route(method, pattern, true, handler);
    }

    /** The path parameters when {@code path} matches this route's pattern. */
    Optional<Map<String, String>> match(String path) {
        var want = pattern.split("/");
        var got = path.split("/");
        if (want.length != got.length) return Optional.empty();
        var params = new HashMap<String, String>();
        for (int i = 0; i < want.length; i++) {
            if (want[i].startsWith("{") && want[i].endsWith("}")) {
                if (got[i].isEmpty()) return Optional.empty();
                params.put(want[i].substring(1, want[i].length() - 1), got[i]);
            } else if (!want[i].equals(got[i])) {
                return Optional.empty();
            }
        }
        return Optional.of(params);
    }
}
