package dev.parley.adapter.http;

import dev.parley.application.signup.SignupPages;
import dev.parley.domain.buyer.TokenAction;
import java.math.RoundingMode;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The mobile page behind a buyer's one-time link ({@code /g/{token}}): the property without its address, the terms,
 * the name and e-mail collected over SMS pre-filled, and the signature (typed name + consent). After the guarantee is
 * signed it shows the address. Plain HTML and inline CSS, no script; every value is escaped.
 */
final class SignupPage {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MMM d, HH:mm 'UTC'", Locale.US)
            .withZone(ZoneOffset.UTC);
    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
            main{max-width:520px;margin:0 auto;padding:16px}
            h1{font-size:1.3rem;margin:8px 0 4px} .muted{color:#5b6272;font-size:.9rem}
            .card{background:#fff;border-radius:10px;padding:14px 16px;margin:12px 0;box-shadow:0 1px 2px #0002}
            ul{padding-left:20px;margin:6px 0} .terms{font-size:.95rem;line-height:1.4}
            input[type=text],input[type=email]{width:100%;box-sizing:border-box;font:inherit;padding:10px;
            border:1px solid #c5cad3;border-radius:6px}
            label{display:block;margin-top:10px} .check{display:flex;gap:8px;align-items:flex-start;margin-top:14px}
            button{font:inherit;font-size:1.05rem;width:100%;padding:12px;border:0;border-radius:8px;background:#2d5bd7;
            color:#fff;margin-top:14px}
            .error{background:#fdecea;color:#8a1c15;padding:8px 10px;border-radius:6px}
            .done{background:#e6f4ea;color:#1b5e20;padding:10px 12px;border-radius:6px}""";

    private SignupPage() {
    }

    static String title(TokenAction action) {
        return switch (action) {
            case GUARANTEE -> "Occupancy guarantee";
            case AGREEMENT -> "Lease agreement";
            case ONBOARDING -> "Onboarding";
        };
    }

    static String render(SignupPages.Page p, String path, String error, String draftName, String draftEmail,
                         boolean justSigned) {
        var t = p.token();
        var html = head(title(t.action()));
        html.append("<p class=\"muted\">").append(esc(title(t.action()))).append("</p>");
        html.append("<h1 id=\"property\">").append(esc(p.propertyName() == null ? "Your space" : p.propertyName()))
                .append("</h1>");
        if (p.city() != null) {
            html.append("<p class=\"muted\" id=\"city\">").append(esc(p.city()))
                    .append(p.state() == null ? "" : ", " + esc(p.state())).append("</p>");
        }
        html.append("<div class=\"card\"><ul>");
        if (p.sqft() != null) html.append("<li>").append(String.format(Locale.US, "%,d", p.sqft())).append(" sqft</li>");
        if (p.rate() != null) {
            html.append("<li>~$").append(p.rate().setScale(2, RoundingMode.HALF_UP)).append("/sqft per month</li>");
        }
        if (p.listingTerms() != null) html.append("<li>").append(esc(p.listingTerms())).append("</li>");
        for (var f : p.features()) html.append("<li>").append(esc(f)).append("</li>");
        html.append("</ul>");
        if (p.address() != null) {
            html.append("<p id=\"address\"><strong>Address:</strong> ").append(esc(p.address())).append("</p>");
        } else {
            html.append("<p class=\"muted\" id=\"address-hidden\">The address is shared right after you sign.</p>");
        }
        html.append("</div>");
        switch (p.status()) {
            case USED -> html.append("<p class=\"done\" id=\"signed\">").append(justSigned ? "Signed — thank you! "
                    : "Already signed. ").append(t.action() == TokenAction.GUARANTEE
                    ? "We just texted you the address; reply there with a time that works for a tour."
                    : "We'll text you the next step.").append("</p>");
            case EXPIRED -> html.append("<p class=\"card\" id=\"expired\">This link expired on ")
                    .append(TIME.format(t.expiresAt())).append(". Text us and we'll send a new one.</p>");
            case OPEN -> form(html, p, path, error, draftName, draftEmail);
        }
        return html.append("</main></body></html>").toString();
    }

    private static void form(StringBuilder html, SignupPages.Page p, String path, String error, String draftName,
                             String draftEmail) {
        var t = p.token();
        if (error != null) html.append("<p class=\"error\" id=\"error\">").append(esc(error)).append("</p>");
        html.append("<form class=\"card\" method=\"post\" action=\"").append(esc(path)).append("\">");
        if (t.action() == TokenAction.GUARANTEE && p.terms() != null && !p.terms().isBlank()) {
            html.append("<p class=\"terms\" id=\"terms\">").append(esc(p.terms())).append("</p>");
        }
        var name = draftName != null ? draftName : t.buyerName();
        var email = draftEmail != null ? draftEmail : t.buyerEmail();
        html.append("<label for=\"name\">Type your full name to sign</label><input type=\"text\" id=\"name\" "
                + "name=\"name\" maxlength=\"200\" autocomplete=\"name\" required value=\"").append(esc(name))
                .append("\">");
        html.append("<label for=\"email\">E-mail</label><input type=\"email\" id=\"email\" name=\"email\" "
                + "maxlength=\"255\" autocomplete=\"email\" value=\"").append(esc(email)).append("\">");
        html.append("<label class=\"check\"><input type=\"checkbox\" id=\"consent\" name=\"consent\" value=\"yes\" "
                + "required> <span>I agree to the terms above and sign with my typed name.</span></label>");
        html.append("<button type=\"submit\" id=\"sign\">Sign</button></form>");
        html.append("<p class=\"muted\">Valid until ").append(TIME.format(t.expiresAt())).append(". One use only.</p>");
    }

    static String message(String title, String text) {
        return head(title).append("<h1>").append(esc(title)).append("</h1><p>").append(esc(text))
                .append("</p></main></body></html>").toString();
    }

    private static StringBuilder head(String title) {
        return new StringBuilder("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<meta name=\"robots\" content=\"noindex\"><title>").append(esc(title)).append("</title><style>")
                .append(STYLE).append("</style></head><body><main>");
    }

    private static String esc(String s) {
        return ReplyToolPage.esc(s);
    }
}
