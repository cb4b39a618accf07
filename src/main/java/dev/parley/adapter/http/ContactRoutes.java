package dev.parley.adapter.http;

import dev.parley.application.operator.SetContactTimeZone;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * {@code POST /api/contacts/{id}/time-zone} (bearer token) {@code {"time_zone": "Europe/Paris" | null, "actor"}}: sets
 * or clears a contact's own time zone, which the safety validator's quiet hours use first. 200
 * {@code {"contact_id", "time_zone"}}; 400 naming {@code time_zone} for an id the time-zone database does not know;
 * 404 for an unknown contact. Audited as {@code set_time_zone}.
 */
public final class ContactRoutes {
    private final SetContactTimeZone timeZone;

    public ContactRoutes(SetContactTimeZone timeZone) {
        this.timeZone = timeZone;
    }

    public List<Route> routes() {
        return List.of(Route.api("POST", "/api/contacts/{id}/time-zone", this::timeZone));
    }

    private HttpResponse timeZone(HttpRequest r) {
        long id;
        try {
            id = Long.parseLong(r.path("id"));
        } catch (NumberFormatException e) {
            throw new dev.parley.application.operator.NotFoundException("contact " + r.path("id"));
        }
        var body = JsonBodies.object(r.body());
        if (!body.has("time_zone")) {
            throw new dev.parley.application.operator.InvalidRequestException("time_zone",
                    "time_zone is required (an IANA zone id, or null to clear it)");
        }
        var set = timeZone.set(id, JsonBodies.string(body, "time_zone"), JsonBodies.string(body, "actor"));
        var out = new LinkedHashMap<String, Object>();
        out.put("contact_id", id);
        out.put("time_zone", set.map(java.time.ZoneId::getId).orElse(null));
        return HttpResponse.json(200, out);
    }
}
