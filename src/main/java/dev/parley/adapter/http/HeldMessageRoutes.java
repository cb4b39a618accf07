package dev.parley.adapter.http;

import dev.parley.application.operator.ReleaseFilteredMessage;
import dev.parley.application.operator.RevealOriginal;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The operator API for messages the safety validator held back or summarised (bearer token), through the same use
 * cases, and so the same audit, as the console's Held &amp; filtered view and conversation:
 * <ul>
 *   <li>{@code POST /api/messages/{id}/release} {@code {"actor"}}: releases a SILENCED (or still DELAYED) inbound
 *   message to automation; 200 {@code {"id", "status": "RECEIVED"}}; 409 {@code not_held} when it is not held;</li>
 *   <li>{@code POST /api/messages/{id}/reveal} {@code {"actor"}}: the original of a SUMMARIZEd message; 200
 *   {@code {"id", "original"}}; 409 {@code not_summarized} when the message was not summarised.</li>
 * </ul>
 * An unknown id is 404; a missing actor 400.
 */
public final class HeldMessageRoutes {
    private final ReleaseFilteredMessage release;
    private final RevealOriginal reveal;

    public HeldMessageRoutes(ReleaseFilteredMessage release, RevealOriginal reveal) {
        this.release = release;
        this.reveal = reveal;
    }

    public List<Route> routes() {
        return List.of(
                Route.api("POST", "/api/messages/{id}/release", this::release),
                Route.api("POST", "/api/messages/{id}/reveal", this::reveal));
    }

    private HttpResponse release(HttpRequest r) {
        long id = id(r);
        var body = JsonBodies.object(r.body());
        if (!release.release(id, JsonBodies.string(body, "actor"))) {
            return HttpResponse.error(409, "not_held", "message " + id + " is not held (released already, or never"
                    + " held)");
        }
        var out = new LinkedHashMap<String, Object>();
        out.put("id", id);
        out.put("status", "RECEIVED");
        return HttpResponse.json(200, out);
    }

    private HttpResponse reveal(HttpRequest r) {
        long id = id(r);
        var body = JsonBodies.object(r.body());
        var original = reveal.reveal(id, JsonBodies.string(body, "actor"));
        if (original.isEmpty()) {
            return HttpResponse.error(409, "not_summarized", "message " + id + " was not summarised: its text is the"
                    + " original");
        }
        var out = new LinkedHashMap<String, Object>();
        out.put("id", id);
        out.put("original", original.get());
        return HttpResponse.json(200, out);
    }

    private static long id(HttpRequest r) {
        try {
            return Long.parseLong(r.path("id"));
        } catch (NumberFormatException e) {
            throw new dev.parley.application.operator.NotFoundException("message " + r.path("id"));
        }
    }
}
