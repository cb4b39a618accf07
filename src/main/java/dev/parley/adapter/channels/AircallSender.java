package dev.parley.adapter.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.application.outbox.Sender;
import java.io.IOException;
import okhttp3.Credentials;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;

/**
 * Sends SMS through the Aircall Public API: {@code POST {base}/v1/numbers/{number id}/messages/send} (the number the
 * conversation arrived on, else {@code aircall.number_id}) with
 * {@code {"to": "+1…", "body": "…"}}, basic auth with the API id and token. 2xx is delivered (Aircall's message id);
 * 429 and 503 (not taken) are retried; another 5xx or no answer after the request left is an unknown outcome; any
 * other answer is a permanent failure.
 *
 * <p>Not idempotent: Aircall creates a message for every request and takes no idempotency key, so a request that may
 * have arrived is never repeated automatically (the row becomes DELIVERY_UNKNOWN for an operator).
 */
public final class AircallSender implements Sender {
    private static final ObjectMapper JSON = JsonMappers.PLAIN;
    private static final MediaType APPLICATION_JSON = MediaType.get("application/json");

    private static final java.util.regex.Pattern NUMBER_ID = java.util.regex.Pattern.compile("\\d{1,18}");

    private final OkHttpClient http;
    private final HttpUrl base;
    private final String numberId;
    private final String credentials;

    /**
     * @param numberId the Aircall number a message leaves from when its conversation did not arrive on another one
     *                 ({@code aircall.number_id}); a conversation that arrived on Aircall number N (the webhook's
     *                 {@code data.number.id}) is answered from N
     */
    public AircallSender(OkHttpClient http, String baseUrl, String apiId, String apiToken, String numberId) {
        this.http = ProviderCall.client(http, false);
        this.base = HttpUrl.get(baseUrl);
        this.numberId = numberId;
        this.credentials = Credentials.basic(apiId, apiToken);
    }

    private HttpUrl sendUrl(String from) {
        var id = from != null && NUMBER_ID.matcher(from).matches() ? from : numberId;
        return base.newBuilder().addPathSegments("v1/numbers").addPathSegment(id).addPathSegments("messages/send")
                .build();
    }

    @Override
    public String name() {
        return "aircall";
    }

    @Override
    public boolean idempotent() {
        return false;
    }

    @Override
    public Result send(OutgoingMessage message) {
        var body = JSON.createObjectNode().put("to", message.to()).put("body", message.text());
        var request = new Request.Builder().url(sendUrl(message.from())).header("Authorization", credentials)
                .header("Accept", "application/json")
                .post(RequestBody.create(body.toString(), APPLICATION_JSON));
        return ProviderCall.execute(http, request, "aircall", (response, text) -> {
            if (response.isSuccessful()) return new Delivered(field(text, "id", "aircall-unknown"));
            return ProviderCall.byStatus(response.code(), "aircall HTTP " + response.code() + detail(text));
        });
    }

    /** Aircall's error name ("troubleshoot" text may hold the number, so only the error field is kept). */
    private static String detail(String body) {
        var error = field(body, "error", null);
        return error == null ? "" : " " + error.replaceAll("[^A-Za-z0-9 _.-]", "").strip();
    }

    private static String field(String body, String name, String fallback) {
        try {
            JsonNode node = JSON.readTree(body).get(name);
            return node == null || node.isNull() ? fallback : node.asText();
        } catch (IOException | RuntimeException e) {
            return fallback;
        }
    }
}
