package dev.parley.adapter.http;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.parley.adapter.http.webhook.WebhookParseException;
import dev.parley.adapter.telegram.TelegramUpdate;
import dev.parley.application.JsonMappers;
import dev.parley.application.RedactedThrowable;
import dev.parley.application.pipeline.ReceiveInboundMessage;
import dev.parley.application.store.StoreUnavailableException;
import dev.parley.domain.limit.FieldTooLongException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /webhooks/telegram}: Telegram's webhook delivery. The {@code X-Telegram-Bot-Api-Secret-Token} header
 * must equal {@code webhooks.telegram.secret} (the {@code secret_token} given to {@code setWebhook}); without a
 * configured secret every request is refused. A message is acknowledged (200) only after its inbox row is committed;
 * a repeated delivery answers {@code duplicate: true}; other update kinds are acknowledged and ignored, so Telegram
 * does not send them again. 400 names the field of an unreadable update, 503 asks Telegram to retry later.
 */
public final class TelegramWebhookRoutes {
    private static final Logger LOG = LoggerFactory.getLogger(TelegramWebhookRoutes.class);
    public static final String SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token";
    private static final JsonMapper JSON = JsonMappers.STRICT;

    private final ReceiveInboundMessage receive;
    private final Supplier<String> secret;

    public TelegramWebhookRoutes(ReceiveInboundMessage receive, Supplier<String> secret) {
        this.receive = receive;
        this.secret = secret;
    }

    public List<Route> routes() {
        return List.of(Route.open("POST", "/webhooks/telegram", this::update));
    }

    private HttpResponse update(HttpRequest r) {
        var expected = secret.get();
        if (expected == null || expected.isEmpty()) {
            LOG.warn("telegram webhook refused: no webhooks.telegram.secret configured");
            return HttpResponse.unauthorized();
        }
        var given = r.header(SECRET_HEADER);
        if (given == null || !MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8),
                expected.getBytes(StandardCharsets.UTF_8))) {
            LOG.info("telegram webhook refused: {} secret token", given == null ? "missing" : "wrong");
            return HttpResponse.unauthorized();
        }
        TelegramUpdate update;
        try {
            var body = r.body();
            if (body == null || body.length == 0) throw new WebhookParseException("body", "empty body");
            update = TelegramUpdate.parse(JSON.readTree(body));
        } catch (JacksonException e) {
            return invalid("body", "malformed JSON");
        } catch (java.io.IOException e) {
            return invalid("body", "unreadable JSON");
        } catch (WebhookParseException e) {
            return invalid(e.field(), e.detail());
        }
        var answer = new LinkedHashMap<String, Object>();
        answer.put("update_id", update.updateId());
        if (update.message().isEmpty()) {
            answer.put("ignored", true);
            return HttpResponse.json(200, answer);
        }
        try {
            var receipt = receive.receive(update.message().get(), new String(r.body(), StandardCharsets.UTF_8));
            answer.put("message_id", receipt.id());
            answer.put("duplicate", receipt.duplicate());
            return HttpResponse.json(200, answer);
        } catch (FieldTooLongException e) {
            return invalid("message." + e.field(), e.getMessage());
        } catch (StoreUnavailableException e) {
            LOG.warn("telegram update={} not stored: {}", update.updateId(),
                    RedactedThrowable.describe(e.getCause() != null ? e.getCause() : e));
            return HttpResponse.error(503, "store_unavailable", "the update was not stored; retry later");
        }
    }

    private static HttpResponse invalid(String field, String detail) {
        return HttpResponse.invalid(field, detail);
    }
}
