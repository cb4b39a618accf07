package dev.parley.adapter.http;

import dev.parley.application.escalation.EscalationCase;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The Reply Tool's HTML: the case (question, property, SLA, buyer), the recent messages, and the reply form. Plain
 * HTML and inline CSS, no script; every value is escaped.
 */
final class ReplyToolPage {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MMM d, HH:mm 'UTC'", Locale.US)
            .withZone(ZoneOffset.UTC);
    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
            main{max-width:680px;margin:0 auto;padding:16px}
            h1{font-size:1.25rem;margin:8px 0 4px} .muted{color:#5b6272;font-size:.9rem}
            .card{background:#fff;border-radius:8px;padding:14px 16px;margin:12px 0;box-shadow:0 1px 2px #0002}
            .q{font-size:1.05rem;margin:6px 0} .late{color:#b3261e;font-weight:600} .ok{color:#1b6e3a;font-weight:600}
            .msg{margin:6px 0;padding:8px 10px;border-radius:8px;white-space:pre-wrap}
            .buyer{background:#e8eefc} .agent{background:#eef5ec}
            textarea{width:100%;box-sizing:border-box;min-height:110px;font:inherit;padding:8px}
            input[type=email]{width:100%;box-sizing:border-box;font:inherit;padding:6px}
            button{font:inherit;padding:8px 18px;border:0;border-radius:6px;background:#2d5bd7;color:#fff;margin-top:8px}
            .error{background:#fdecea;color:#8a1c15;padding:8px 10px;border-radius:6px}
            .sent{background:#e6f4ea;color:#1b5e20;padding:8px 10px;border-radius:6px}
            label{display:block;margin-top:8px}""";

    private ReplyToolPage() {
    }

    static String render(EscalationCase c, String path, String error, String draft, boolean sent, java.time.Instant now) {
        var t = c.thread();
        var html = new StringBuilder("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<meta name=\"robots\" content=\"noindex\"><title>Parley Reply Tool</title><style>")
                .append(STYLE).append("</style></head><body><main>");
        html.append("<p class=\"muted\">Parley · Reply Tool · escalation #").append(t.id()).append("</p>");
        html.append("<h1>").append(esc(c.propertyName() == null ? "Buyer question" : c.propertyName())).append("</h1>");
        if (c.propertyCity() != null) {
            html.append("<p class=\"muted\">").append(esc(c.propertyCity())).append(" · ").append(esc(c.propertyRef()))
                    .append("</p>");
        }
        html.append("<div class=\"card\"><div class=\"muted\">Buyer ").append(esc(c.buyer())).append(" asked")
                .append(t.topic() == null ? "" : " about " + esc(t.topic())).append(":</div>");
        for (var q : t.threadQuestions()) html.append("<p class=\"q\" id=\"question\">").append(esc(q)).append("</p>");
        html.append("<div class=\"muted\">Asked ").append(TIME.format(t.createdAt())).append(" · answer by ")
                .append(TIME.format(t.slaDeadlineAt())).append(" · ");
        switch (t.status()) {
            case PENDING -> html.append(now.isAfter(t.slaDeadlineAt())
                    ? "<span class=\"late\">SLA breached" + (t.buyerNudgeSent() ? ", the buyer was told we're on it"
                    : "") + "</span>" : "<span class=\"ok\">pending</span>");
            case ANSWERED -> html.append("<span class=\"ok\">answered by ").append(esc(t.answeredBy())).append("</span>");
            case EXPIRED -> html.append("<span class=\"late\">expired</span>");
        }
        html.append("</div></div>");
        if (sent) {
            html.append("<p class=\"sent\" id=\"sent\">Sent. The buyer gets: ").append(esc(t.answerSentText() == null
                    ? "" : t.answerSentText())).append("</p>");
        }
        if (error != null) html.append("<p class=\"error\" id=\"error\">").append(esc(error)).append("</p>");
        html.append("<div class=\"card\"><div class=\"muted\">Recent messages</div>");
        for (var line : c.recent()) {
            html.append("<div class=\"msg ").append(line.who()).append("\"><span class=\"muted\">")
                    .append(line.who().equals("buyer") ? "Buyer" : "Us").append(line.at() == null ? ""
                            : " · " + TIME.format(line.at())).append("</span><br>").append(esc(line.text()))
                    .append("</div>");
        }
        html.append("</div>");
        switch (c.acceptance()) {
            case ANSWER, FOLLOW_UP -> form(html, c, path, draft);
            case CLOSED -> html.append("<p class=\"card\" id=\"closed\">Answered")
                    .append(t.answeredAt() == null ? "" : " " + TIME.format(t.answeredAt()))
                    .append(". The 30-minute follow-up window has closed; reply from the Parley console if more is "
                            + "needed.</p>");
            case EXPIRED -> html.append("<p class=\"card\" id=\"closed\">This question expired on ")
                    .append(TIME.format(t.expiresAt())).append("; the link no longer takes answers.</p>");
            case OPTED_OUT -> html.append("<p class=\"card\" id=\"closed\">The buyer opted out of texts: nothing "
                    + "can be sent.</p>");
        }
        return html.append("</main></body></html>").toString();
    }

    private static void form(StringBuilder html, EscalationCase c, String path, String draft) {
        boolean followUp = c.acceptance() == EscalationCase.Acceptance.FOLLOW_UP;
        html.append("<form class=\"card\" method=\"post\" action=\"").append(esc(path)).append("\">");
        html.append("<label for=\"answer\">").append(followUp ? "Follow-up to the buyer (until "
                + TIME.format(c.replyUntil()) + ")" : "Your answer — it is polished into a short text for the buyer")
                .append("</label>");
        html.append("<textarea id=\"answer\" name=\"answer\" maxlength=\"1000\" required>")
                .append(esc(draft == null ? "" : draft)).append("</textarea>");
        html.append("<label for=\"by\">Your e-mail</label><input type=\"email\" id=\"by\" name=\"by\" "
                + "maxlength=\"255\">");
        if (!followUp) {
            html.append("<label><input type=\"checkbox\" name=\"all_properties\" value=\"true\"> This answer holds "
                    + "for every property (a policy), so other buyers may get it too</label>");
        }
        html.append("<input type=\"hidden\" name=\"round\" value=\"").append(c.round()).append("\">");
        html.append("<button type=\"submit\" id=\"send\">Send to buyer</button></form>");
    }

    static String message(String title, String text) {
        return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
                + "content=\"width=device-width, initial-scale=1\"><title>" + esc(title) + "</title><style>" + STYLE
                + "</style></head><body><main><h1>" + esc(title) + "</h1><p>" + esc(text) + "</p></main></body></html>";
    }

    static String esc(String s) {
        if (s == null) return "";
        var out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(ch);
            }
        }
        return out.toString();
    }
}
