package dev.parley.adapter.http;

import dev.parley.adapter.http.webhook.FormBody;
import dev.parley.adapter.http.webhook.WebhookParseException;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.signup.SignupPages;
import dev.parley.domain.limit.FieldLimit;
import dev.parley.domain.limit.FieldTooLongException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A buyer's one-time links on Parley's listener: the mobile page at {@code /g/{token}} (GET shows it, POST signs
 * and redirects back so a reload does not sign twice), and for a web app the token's context at
 * {@code GET /api/signup/{token}} (bearer token). The link's token is the page's only credential: unknown → 404,
 * expired → 410, used → the page says so (a second POST is 409).
 */
public final class SignupRoutes {
    private static final Map<String, String> HEADERS = Map.of(
            "Cache-Control", "no-store",
            "Referrer-Policy", "no-referrer",
            "X-Frame-Options", "DENY",
            "X-Content-Type-Options", "nosniff",
            "Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
                    + "frame-ancestors 'none'");
    private static final String HTML = "text/html; charset=utf-8";

    private final SignupPages pages;
    private final dev.parley.application.signup.WebOptIn optIn;

    public SignupRoutes(SignupPages pages, dev.parley.application.signup.WebOptIn optIn) {
        this.pages = pages;
        this.optIn = optIn;
    }

    public List<Route> routes() {
        return List.of(Route.open("GET", "/g/{token}", this::show), Route.open("POST", "/g/{token}", this::sign),
                Route.api("GET", "/api/signup/{token}", r -> HttpResponse.json(200, pages.context(r.path("token")))),
                Route.api("POST", "/api/buyers/optin", this::optIn));
    }

    /** Features of a need at most (each a {@link FieldLimit#CRITERION}): the whole need fits its stored form. */
    static final int MAX_FEATURES = 20;

    /** {@code {"phone", "name", "email", "need": {…}, "channel", "actor"}} → 201 {"id", "state"}. */
    private HttpResponse optIn(HttpRequest r) {
        var body = JsonBodies.object(r.body());
        var need = dev.parley.domain.buyer.Criteria.EMPTY;
        var n = body.get("need");
        if (n != null && !n.isNull()) {
            if (!n.isObject()) throw new InvalidRequestException("need", "need must be a JSON object");
            var o = (com.fasterxml.jackson.databind.node.ObjectNode) n;
            for (var it = o.fieldNames(); it.hasNext(); ) {
                var field = it.next();
                if (!java.util.Set.of("location", "state", "sqft", "use_type", "goods_type", "timing", "duration",
                        "features").contains(field)) {
                    throw new InvalidRequestException("need." + field, "unknown field of need");
                }
            }
            Integer sqft = null;
            var size = o.get("sqft");
            if (size != null && !size.isNull()) {
                if (!size.canConvertToInt() || size.asInt() < 100 || size.asInt() > 10_000_000) {
                    throw new InvalidRequestException("need.sqft", "sqft must be a whole number from 100");
                }
                sqft = size.asInt();
            }
            var features = new java.util.ArrayList<String>();
            var f = o.get("features");
            if (f != null && !f.isNull()) {
                if (!f.isArray()) throw new InvalidRequestException("need.features", "features must be a list");
                if (f.size() > MAX_FEATURES) {
                    throw new InvalidRequestException("need.features", "at most " + MAX_FEATURES + " features");
                }
                for (var x : f) {
                    if (!x.isTextual()) throw new InvalidRequestException("need.features", "features must be strings");
                    var feature = plain("need.features", x.asText().strip());
                    if (!feature.isEmpty()) features.add(feature);
                }
            }
            need = new dev.parley.domain.buyer.Criteria(text(o, "location"), text(o, "state"), sqft,
                    text(o, "use_type"), text(o, "goods_type"), text(o, "timing"), text(o, "duration"), features);
        }
        var started = optIn.optIn(new dev.parley.application.signup.WebOptIn.Command(JsonBodies.string(body, "phone"),
                JsonBodies.string(body, "name"), JsonBodies.string(body, "email"), need,
                JsonBodies.string(body, "channel"), JsonBodies.string(body, "actor")));
        return HttpResponse.json(201, Map.of("id", started.conversationId(), "state", started.state()));
    }

    private static String text(com.fasterxml.jackson.databind.node.ObjectNode o, String field) {
        var v = o.get(field);
        if (v == null || v.isNull()) return null;
        if (!v.isTextual()) throw new InvalidRequestException("need." + field, field + " must be a string");
        var s = plain("need." + field, v.asText().strip());
        return s.isEmpty() ? null : s;
    }

    /** {@code value} when it is one line of text within {@link FieldLimit#CRITERION}; else 400 naming the field. */
    private static String plain(String field, String value) {
        FieldTooLongException.check(field, value, FieldLimit.CRITERION);
        if (value.chars().anyMatch(Character::isISOControl)) {
            throw new InvalidRequestException(field, "must be one line of text without control characters");
        }
        return value;
    }

    private HttpResponse show(HttpRequest r) {
        SignupPages.Page p;
        try {
            p = pages.page(r.path("token"));
        } catch (NotFoundException e) {
            return page(404, SignupPage.message("Link not found", "This link does not exist. Check that the whole "
                    + "link was copied from the text."));
        }
        int status = p.status() == SignupPages.Status.EXPIRED ? 410 : 200;
        return page(status, SignupPage.render(p, r.uri().getRawPath(), null, null, null,
                "1".equals(r.query().get("signed"))));
    }

    private HttpResponse sign(HttpRequest r) {
        var token = r.path("token");
        SignupPages.Page p;
        try {
            p = pages.page(token);
        } catch (NotFoundException e) {
            return page(404, SignupPage.message("Link not found", "This link does not exist."));
        }
        String name;
        String email;
        boolean consent;
        try {
            var form = FormBody.parse(r.body());
            name = form.first("name").orElse("");
            email = form.first("email").orElse("");
            consent = form.first("consent").map(v -> v.equals("yes") || v.equals("true") || v.equals("on"))
                    .orElse(false);
        } catch (WebhookParseException e) {
            return page(400, SignupPage.render(p, r.uri().getRawPath(), "The form could not be read; reload the page "
                    + "and try again.", null, null, false));
        }
        try {
            pages.sign(token, name, email, consent);
        } catch (InvalidRequestException e) {
            return page(422, SignupPage.render(p, r.uri().getRawPath(), capital(e.getMessage()) + ".", name, email,
                    false));
        } catch (SignupPages.Gone e) {
            return page(410, SignupPage.render(pages.page(token), r.uri().getRawPath(), null, null, null, false));
        } catch (ConflictException e) {
            return page(409, SignupPage.render(pages.page(token), r.uri().getRawPath(), capital(e.getMessage()) + ".",
                    null, null, false));
        }
        var headers = new java.util.HashMap<>(HEADERS);
        headers.put("Location", r.uri().getRawPath() + "?signed=1");
        return new HttpResponse(303, HTML, SignupPage.message("Signed", "Signed.").getBytes(StandardCharsets.UTF_8),
                headers);
    }

    private static String capital(String s) {
        return s == null || s.isEmpty() ? "" : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static HttpResponse page(int status, String html) {
        return new HttpResponse(status, HTML, html.getBytes(StandardCharsets.UTF_8), HEADERS);
    }
}
