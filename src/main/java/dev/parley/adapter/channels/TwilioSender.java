package dev.parley.adapter.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.application.outbox.Sender;
import java.io.IOException;
import okhttp3.Credentials;
import okhttp3.FormBody;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;

/**
 * Sends through Twilio's Messages API ({@code POST {base}/2010-04-01/Accounts/{sid}/Messages.json}, form body,
 * basic auth). Error 21610 means the recipient replied STOP: the contact becomes OPTED_OUT.
 *
 * <p>Not idempotent: Twilio creates a new message for every request, so a request that may have arrived (no answer,
 * or a 5xx other than 503) is never repeated automatically; the row becomes DELIVERY_UNKNOWN for an operator.
 */
public final class TwilioSender implements Sender {
    static final int UNSUBSCRIBED_RECIPIENT = 21610;
    private static final ObjectMapper JSON = JsonMappers.PLAIN;

    private final OkHttpClient http;
    private final HttpUrl messagesUrl;
    private final String credentials;
    private final String from;

    public TwilioSender(OkHttpClient http, String baseUrl, String accountSid, String authToken, String from) {
        this.http = ProviderCall.client(http, false);
        this.messagesUrl = HttpUrl.get(baseUrl).newBuilder()
                .addPathSegments("2010-04-01/Accounts").addPathSegment(accountSid).addPathSegment("Messages.json")
                .build();
        this.credentials = Credentials.basic(accountSid, authToken);
        this.from = from;
    }

    @Override
    public String name() {
        return "twilio";
    }

    @Override
    public boolean idempotent() {
        return false;
    }

    @Override
    public Result send(OutgoingMessage message) {
        var sender = message.from() != null ? message.from() : from;
        boolean whatsapp = "whatsapp".equals(message.channel());
        var form = new FormBody.Builder()
                .add("To", whatsapp && !message.to().startsWith("whatsapp:") ? "whatsapp:" + message.to() : message.to())
                .add("From", whatsapp && !sender.startsWith("whatsapp:") ? "whatsapp:" + sender : sender)
                .add("Body", message.text())
                .build();
        var request = new Request.Builder().url(messagesUrl).header("Authorization", credentials).post(form);
        return ProviderCall.execute(http, request, "twilio", (response, body) -> {
            if (response.isSuccessful()) {
                return new Delivered(field(body, "sid", "twilio-unknown"));
            }
            int code = parseInt(field(body, "code", "0"));
            var reason = "twilio HTTP " + response.code() + (code != 0 ? " error " + code : "");
            if (code == UNSUBSCRIBED_RECIPIENT) {
                return new Permanent(reason + " (unsubscribed recipient)", true);
            }
            return ProviderCall.byStatus(response.code(), reason);
        });
    }

    private static String field(String body, String name, String fallback) {
        try {
            JsonNode node = JSON.readTree(body).get(name);
            return node == null || node.isNull() ? fallback : node.asText();
        } catch (IOException e) {
            return fallback;
        }
    }

    private static int parseInt(String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
