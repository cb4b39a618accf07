package dev.parley.adapter.channels;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.adapter.http.signature.StandardWebhooks;
import dev.parley.application.JsonMappers;
import dev.parley.application.outbox.Sender;
import java.io.IOException;
import java.time.Clock;
import java.util.LinkedHashMap;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;

/**
 * Posts each outgoing message as JSON to a configured URL, signed with Standard Webhooks, so any system can
 * deliver Parley's messages. The {@code webhook-id} is {@code parley_out_<outbox id>}, the same for every attempt:
 * receivers deduplicate by it, so this sender is idempotent and a request with an unknown outcome is sent again.
 */
public final class WebhookSender implements Sender {
    private static final ObjectMapper JSON = JsonMappers.PLAIN;
    private static final MediaType APPLICATION_JSON = MediaType.get("application/json");

    private final OkHttpClient http;
    private final String url;
    private final StandardWebhooks signer;
    private final Clock clock;

    public WebhookSender(OkHttpClient http, String url, String secret, Clock clock) {
        this.http = ProviderCall.client(http, true);
        this.url = url;
        this.signer = StandardWebhooks.of(secret, clock);
        this.clock = clock;
    }

    @Override
    public String name() {
        return "webhook";
    }

    @Override
    public boolean idempotent() {
        return true;
    }

    @Override
    public Result send(OutgoingMessage message) {
        var document = new LinkedHashMap<String, Object>();
        document.put("type", "message.outbound");
        document.put("outbox_id", message.outboxId());
        document.put("channel", message.channel());
        document.put("conversation", message.conversationKey());
        document.put("to", message.to());
        if (message.replyTo() != null) document.put("reply_to", message.replyTo());
        document.put("text", message.text());
        byte[] body;
        try {
            body = JSON.writeValueAsBytes(document);
        } catch (IOException e) {
            return new Permanent("not serialisable", false);
        }
        var id = "parley_out_" + message.outboxId();
        long timestamp = clock.instant().getEpochSecond();
        var request = new Request.Builder().url(url)
                .header(StandardWebhooks.HEADER_ID, id)
                .header(StandardWebhooks.HEADER_TIMESTAMP, Long.toString(timestamp))
                .header(StandardWebhooks.HEADER_SIGNATURE, signer.sign(id, timestamp, body))
                .post(RequestBody.create(body, APPLICATION_JSON));
        return ProviderCall.execute(http, request, "webhook", (response, ignored) -> response.isSuccessful()
                ? new Delivered(id) : ProviderCall.byStatus(response.code(), "webhook HTTP " + response.code()));
    }
}
