package dev.parley.adapter.http;

import dev.parley.adapter.http.webhook.FormBody;
import dev.parley.adapter.http.webhook.WebhookParseException;
import dev.parley.application.escalation.EscalationCase;
import dev.parley.application.escalation.ReplyTool;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * The Reply Tool at {@code /reply/{token}} on Parley's listener: GET shows the case and the form, POST sends the
 * answer (then redirects back, so a reload does not submit twice). The token is the only credential: an unknown one
 * is 404, an expired question 410, a second submission of the same form 409.
 */
public final class ReplyToolRoutes {
    private static final Map<String, String> HEADERS = Map.of(
            "Cache-Control", "no-store",
            "Referrer-Policy", "no-referrer",
            "X-Frame-Options", "DENY",
            "X-Content-Type-Options", "nosniff",
            "Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
                    + "frame-ancestors 'none'");
    private static final String HTML = "text/html; charset=utf-8";

    private final ReplyTool tool;
    private final Clock clock;

    public ReplyToolRoutes(ReplyTool tool, Clock clock) {
        this.tool = tool;
        this.clock = clock;
    }

    public List<Route> routes() {
        return List.of(Route.open("GET", "/reply/{token}", this::show), Route.open("POST", "/reply/{token}",
                this::submit));
    }

    private HttpResponse show(HttpRequest r) {
        EscalationCase c;
        try {
            c = tool.byToken(r.path("token"));
        } catch (NotFoundException e) {
            return page(404, ReplyToolPage.message("Link not found", "This reply link does not exist. Check that "
                    + "the whole link was copied."));
        }
        boolean sent = "1".equals(r.query().get("sent"));
        int status = c.acceptance() == EscalationCase.Acceptance.EXPIRED ? 410 : 200;
        return page(status, ReplyToolPage.render(c, r.uri().getRawPath(), null, null, sent, clock.instant()));
    }

    private HttpResponse submit(HttpRequest r) {
        var token = r.path("token");
        EscalationCase c;
        try {
            c = tool.byToken(token);
        } catch (NotFoundException e) {
            return page(404, ReplyToolPage.message("Link not found", "This reply link does not exist."));
        }
        String answer;
        String by;
        boolean all;
        Integer round;
        try {
            var form = FormBody.parse(r.body());
            answer = form.first("answer").orElse("");
            by = form.first("by").orElse("");
            all = form.first("all_properties").map("true"::equals).orElse(false);
            var rawRound = form.first("round").orElse("");
            round = rawRound.matches("\\d{1,6}") ? Integer.valueOf(rawRound) : null;
            if (round == null) {
                return rerender(c, r, 400, "The form is incomplete; reload the page and try again.", answer);
            }
        } catch (WebhookParseException e) {
            return rerender(c, r, 400, "The form could not be read; reload the page and try again.", null);
        }
        try {
            tool.answerByToken(token, answer, by, all, round);
        } catch (InvalidRequestException e) {
            return rerender(tool.byToken(token), r, 422, e.getMessage(), answer);
        } catch (ConflictException e) {
            var now = tool.byToken(token);
            int status = now.acceptance() == EscalationCase.Acceptance.EXPIRED ? 410 : 409;
            return rerender(now, r, status, conflictText(e.getMessage()), null);
        }
        var location = r.uri().getRawPath() + "?sent=1";
        return new HttpResponse(303, HTML, ReplyToolPage.message("Sent", "Sent.").getBytes(StandardCharsets.UTF_8),
                withLocation(location));
    }

    private static String conflictText(String message) {
        return Character.toUpperCase(message.charAt(0)) + message.substring(1) + ".";
    }

    private HttpResponse rerender(EscalationCase c, HttpRequest r, int status, String error, String draft) {
        return page(status, ReplyToolPage.render(c, r.uri().getRawPath(), error, draft, false, clock.instant()));
    }

    private static Map<String, String> withLocation(String location) {
        var headers = new java.util.HashMap<>(HEADERS);
        headers.put("Location", location);
        return headers;
    }

    private static HttpResponse page(int status, String html) {
        return new HttpResponse(status, HTML, html.getBytes(StandardCharsets.UTF_8), HEADERS);
    }
}
