package dev.parley.adapter.http;

import dev.parley.adapter.http.signature.StandardWebhooks;
import dev.parley.adapter.http.signature.TwilioSignature;
import dev.parley.adapter.http.signature.VerificationResult;
import dev.parley.adapter.http.webhook.AircallInbound;
import dev.parley.adapter.http.webhook.FormBody;
import dev.parley.adapter.http.webhook.GenericWebhookPayload;
import dev.parley.adapter.http.webhook.TwilioInbound;
import dev.parley.adapter.http.webhook.WebhookParseException;
import dev.parley.application.JsonMappers;
import dev.parley.application.RedactedThrowable;
import dev.parley.application.pipeline.ReceiveInboundMessage;
import dev.parley.application.store.Inbox;
import dev.parley.application.store.StoreUnavailableException;
import dev.parley.domain.message.ChatDetails;
import dev.parley.domain.message.InboundMessage;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Inbound webhooks. A receipt is acknowledged (2xx) only after its inbox row is committed; anything else gets
 * 400 (malformed, naming the field), 401 (bad or missing signature, no detail), 503 (storage unavailable: retry) or
 * 500 (a bug: a retry would fail the same way).
 */
public final class WebhookRoutes {
    private static final Logger LOG = LoggerFactory.getLogger(WebhookRoutes.class);
    /** Channel of conversations that came in through Aircall (its sender answers them). */
    public static final String AIRCALL_CHANNEL = "aircall";
    private static final String EMPTY_TWIML = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Response/>";

    /**
     * Settings read on every request, so a regenerated secret applies at once. {@code numberPlaybooks} maps our
     * number (E.164) or an Aircall number id to the playbook its conversations run; else the webhook's own
     * playbook; else the default.
     */
    public record Settings(String genericSecret, boolean genericInsecure, String twilioAuthToken,
                           String twilioPublicUrl, TrustedProxies trustedProxies, String twilioPlaybook,
                           String aircallToken, String aircallPlaybook, Map<String, String> numberPlaybooks) {
        public Settings(String genericSecret, boolean genericInsecure, String twilioAuthToken, String twilioPublicUrl,
                        TrustedProxies trustedProxies) {
            this(genericSecret, genericInsecure, twilioAuthToken, twilioPublicUrl, trustedProxies, null, null, null,
                    Map.of());
        }

        /** The playbook for a conversation opened on our {@code number} through a webhook with {@code own}. */
        String playbookFor(String number, String own) {
            if (number != null && numberPlaybooks.containsKey(number)) return numberPlaybooks.get(number);
            return own == null || own.isEmpty() ? null : own;
        }
    }

    private final ReceiveInboundMessage receive;
    private final Supplier<Settings> settings;
    private final java.time.Clock clock;
    private final String listenerOrigin;

    /**
     * @param listenerOrigin {@code http://<bind address>:<port>} of the listener, or null when it is bound to a
     *     wildcard address: then the local address each request arrived on stands in
     */
    public WebhookRoutes(ReceiveInboundMessage receive, Supplier<Settings> settings, java.time.Clock clock,
                         String listenerOrigin) {
        this.receive = receive;
        this.settings = settings;
        this.clock = clock;
        this.listenerOrigin = listenerOrigin;
    }

    public List<Route> routes() {
        return List.of(Route.open("POST", "/webhooks/generic", this::generic),
                Route.open("POST", "/webhooks/twilio", this::twilio),
                Route.open("POST", "/webhooks/aircall", this::aircall));
    }

    private HttpResponse generic(HttpRequest r) {
        var s = settings.get();
        boolean signed = r.header(StandardWebhooks.HEADER_SIGNATURE) != null;
        if (!(s.genericInsecure() && !signed)) {
            if (s.genericSecret() == null || s.genericSecret().isEmpty()) {
                LOG.warn("generic webhook refused: no secret configured");
                return HttpResponse.unauthorized();
            }
            var result = StandardWebhooks.of(s.genericSecret(), clock).verify(r.header(StandardWebhooks.HEADER_ID),
                    r.header(StandardWebhooks.HEADER_TIMESTAMP), r.header(StandardWebhooks.HEADER_SIGNATURE), r.body());
            if (result instanceof VerificationResult.Rejected rejected) {
                LOG.info("generic webhook refused: {}", rejected.reason());
                return HttpResponse.unauthorized();
            }
        }
        GenericWebhookPayload p;
        try {
            p = GenericWebhookPayload.parse(r.body());
        } catch (WebhookParseException e) {
            return invalid(e);
        }
        var key = p.conversation() != null ? p.conversation() : p.from();
        var message = new InboundMessage(p.channel().wireName(), p.id(), key, p.from(), p.to(), p.text(),
                p.replyTo(), p.sentAt(), p.playbook() != null ? p.playbook() : s.playbookFor(p.to(), null), p.senderName(),
                ChatDetails.forGenericMessage(p.channel().wireName(), key, p.from()));
        var receipt = store(message, new String(r.body(), StandardCharsets.UTF_8));
        if (receipt.isEmpty()) return unavailable();
        var body = new LinkedHashMap<String, Object>();
        body.put("message_id", receipt.get().id());
        body.put("duplicate", receipt.get().duplicate());
        return HttpResponse.json(receipt.get().duplicate() ? 200 : 202, body);
    }

    private HttpResponse twilio(HttpRequest r) {
        var s = settings.get();
        if (s.twilioAuthToken() == null || s.twilioAuthToken().isEmpty()) {
            LOG.warn("twilio webhook refused: no auth token configured");
            return HttpResponse.unauthorized();
        }
        var signature = r.header(TwilioSignature.HEADER);
        if (signature == null) return HttpResponse.unauthorized();
        TwilioInbound inbound;
        try {
            var form = FormBody.parse(r.body());
            var verified = new TwilioSignature(s.twilioAuthToken()).verifyForm(signedUrl(r, s, listenerOrigin), form.asMap(), signature);
            if (verified instanceof VerificationResult.Rejected rejected) {
                LOG.info("twilio webhook refused: {}", rejected.reason());
                return HttpResponse.unauthorized();
            }
            inbound = TwilioInbound.from(form);
        } catch (WebhookParseException e) {
            return invalid(e);
        }
        var address = TwilioInbound.address(inbound.from());
        var to = TwilioInbound.address(inbound.to());
        var message = new InboundMessage(inbound.channel().wireName(), inbound.messageSid(), address, address, to,
                inbound.body(), null, null, s.playbookFor(to, s.twilioPlaybook()), inbound.profileName());
        var receipt = store(message, new String(r.body(), StandardCharsets.UTF_8));
        if (receipt.isEmpty()) return unavailable();
        return HttpResponse.text(200, "text/xml; charset=utf-8", EMPTY_TWIML);
    }

    /**
     * Aircall: no signature, the body's {@code token} is compared in constant time with
     * {@code webhooks.aircall.token}. {@code message.received} becomes an inbox row on channel {@code aircall};
     * other events Aircall sends to the same webhook are acknowledged and ignored.
     */
    private HttpResponse aircall(HttpRequest r) {
        var s = settings.get();
        if (s.aircallToken() == null || s.aircallToken().isEmpty()) {
            LOG.warn("aircall webhook refused: no token configured");
            return HttpResponse.unauthorized();
        }
        AircallInbound event;
        try {
            event = AircallInbound.parse(r.body());
        } catch (WebhookParseException e) {
            // The token cannot be checked in a body that does not parse: no detail for an unauthenticated caller.
            return e.field().equals("body") || e.field().equals("token") ? HttpResponse.unauthorized() : invalidIf(r, s, e);
        }
        if (!MessageDigest.isEqual(event.token().getBytes(StandardCharsets.UTF_8),
                s.aircallToken().getBytes(StandardCharsets.UTF_8))) {
            LOG.info("aircall webhook refused: wrong token");
            return HttpResponse.unauthorized();
        }
        if (!event.isMessage()) {
            var body = new LinkedHashMap<String, Object>();
            body.put("ignored", true);
            body.put("event", event.event());
            return HttpResponse.json(200, body);
        }
        var number = event.numberId() != null && s.numberPlaybooks().containsKey(event.numberId()) ? event.numberId()
                : event.numberDigits();
        // The recipient is our Aircall number's id when the event names it: the reply leaves from that number.
        var message = new InboundMessage(AIRCALL_CHANNEL, event.id(), event.from(), event.from(),
                event.numberId() != null ? event.numberId() : event.numberDigits(),
                event.text(), null, event.sentAt(), s.playbookFor(number, s.aircallPlaybook()), null);
        var receipt = store(message, new String(r.body(), StandardCharsets.UTF_8));
        if (receipt.isEmpty()) return unavailable();
        var body = new LinkedHashMap<String, Object>();
        body.put("message_id", receipt.get().id());
        body.put("duplicate", receipt.get().duplicate());
        return HttpResponse.json(receipt.get().duplicate() ? 200 : 202, body);
    }

    /** A body whose token is right but whose message fields are wrong: 400 naming the field; else 401. */
    private static HttpResponse invalidIf(HttpRequest r, Settings s, WebhookParseException e) {
        try {
            var token = JsonMappers.PLAIN.readTree(r.body()).path("token").asText("");
            if (MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                    s.aircallToken().getBytes(StandardCharsets.UTF_8))) {
                return invalid(e);
            }
        } catch (java.io.IOException ignored) {
            // not JSON: unauthorised below
        }
        return HttpResponse.unauthorized();
    }

    /**
     * The URL Twilio signed: the configured public URL (a tunnel's), else what a trusted reverse proxy reports the
     * client used, else the listener's own address and port. Never the request's own Host header: anyone can send
     * one, and a request signed for another host would then pass.
     */
    static String signedUrl(HttpRequest r, Settings s, String listenerOrigin) {
        var pathAndQuery = r.uri().getRawPath() + (r.uri().getRawQuery() == null ? "" : "?" + r.uri().getRawQuery());
        if (s.twilioPublicUrl() != null && !s.twilioPublicUrl().isEmpty()) {
            var configured = URI.create(s.twilioPublicUrl());
            boolean hasPath = configured.getRawPath() != null && configured.getRawPath().length() > 1;
            return hasPath ? s.twilioPublicUrl() : s.twilioPublicUrl().replaceAll("/$", "") + pathAndQuery;
        }
        if (r.remote() != null && s.trustedProxies().trusts(r.remote().getAddress())) {
            var forwarded = ForwardedOrigin.of(r);
            if (forwarded.isPresent()) return forwarded.get() + pathAndQuery;
        }
        return (listenerOrigin != null ? listenerOrigin : origin(r.local())) + pathAndQuery;
    }

    /** {@code http://address:port} of a socket address, IPv6 in brackets. */
    public static String origin(java.net.InetSocketAddress address) {
        var host = address.getAddress().getHostAddress();
        var percent = host.indexOf('%');
        if (percent >= 0) host = host.substring(0, percent);
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort();
    }

    /**
     * The receipt, or empty when the store is unavailable (503: the provider retries). Anything else thrown is not
     * worth a retry and goes to the listener: bad input 400, a bug 500.
     */
    private Optional<Inbox.Receipt> store(InboundMessage message, String payload) {
        try {
            return Optional.of(receive.receive(message, payload));
        } catch (StoreUnavailableException e) {
            LOG.warn("receipt not stored: {}", RedactedThrowable.describe(e.getCause() != null ? e.getCause() : e));
            return Optional.empty();
        }
    }

    private static HttpResponse invalid(WebhookParseException e) {
        return HttpResponse.invalid(e.field(), e.detail());
    }

    private static HttpResponse unavailable() {
        return HttpResponse.error(503, "store_unavailable", "the message was not stored; retry later");
    }
}
