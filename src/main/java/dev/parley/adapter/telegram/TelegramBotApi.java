package dev.parley.adapter.telegram;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;

/**
 * The few Bot API methods Parley uses ({@code getMe}, {@code getUpdates}, {@code sendMessage}), over OkHttp against
 * {@code telegram.api_base} (tests point it at a mock server). The token is part of every URL, so no URL is ever
 * logged or put in an exception.
 */
public final class TelegramBotApi {
    private static final ObjectMapper JSON = JsonMappers.PLAIN;
    private static final MediaType APPLICATION_JSON = MediaType.get("application/json");
    /** Telegram refuses longer texts. */
    public static final int MAX_TEXT = 4096;

    private final OkHttpClient http;
    private final HttpUrl base;

    /** The bot's own account, from {@code getMe}. */
    public record Me(long id, String username, String firstName) {
    }

    /** What {@code sendMessage} returned: the new message's id in its chat. */
    public record Sent(long chatId, long messageId) {
    }

    public TelegramBotApi(OkHttpClient http, String apiBase, String token) {
        this.http = http;
        this.base = HttpUrl.get(apiBase).newBuilder().addPathSegment("bot" + token).build();
    }

    public Me getMe() throws IOException, TelegramApiException {
        var result = call("getMe", Map.of(), null);
        return new Me(result.path("id").asLong(), result.path("username").asText(null),
                result.path("first_name").asText(null));
    }

    /**
     * Updates from {@code offset} on, waiting up to {@code timeoutSeconds} for one to arrive (long polling). Only
     * {@code message} updates are asked for. {@code readTimeout} must exceed the wait.
     */
    public List<JsonNode> getUpdates(long offset, int timeoutSeconds) throws IOException, TelegramApiException {
        var params = new LinkedHashMap<String, Object>();
        params.put("offset", offset);
        params.put("timeout", timeoutSeconds);
        params.put("allowed_updates", List.of("message"));
        var result = call("getUpdates", params, Duration.ofSeconds(timeoutSeconds + 15L));
        var updates = new ArrayList<JsonNode>();
        if (result.isArray()) result.forEach(updates::add);
        return updates;
    }

    /**
     * Sends {@code text} to {@code chatId}, as a reply to {@code replyToMessageId} when given (and sent anyway when
     * that message is gone); in a forum topic, {@code threadId} keeps it in the topic.
     */
    public Sent sendMessage(long chatId, String text, Long replyToMessageId, Long threadId)
            throws IOException, TelegramApiException {
        var request = sendMessageRequest(chatId, text, replyToMessageId, threadId);
        try (var response = http.newCall(request.build()).execute()) {
            return readSent(response.code(), response.body().string(), chatId);
        }
    }

    /**
     * The {@code sendMessage} request, for a caller that runs it on this API's {@link #http() client} itself (the
     * outbox's sender, which must know whether a request that failed had been written); read the answer with
     * {@link #readSent}.
     */
    public Request.Builder sendMessageRequest(long chatId, String text, Long replyToMessageId, Long threadId) {
        var params = new LinkedHashMap<String, Object>();
        params.put("chat_id", chatId);
        params.put("text", fit(text));
        if (threadId != null) params.put("message_thread_id", threadId);
        if (replyToMessageId != null) {
            params.put("reply_parameters", Map.of("message_id", replyToMessageId,
                    "allow_sending_without_reply", true));
        }
        return request("sendMessage", params);
    }

    /** {@code sendMessage}'s answer ({@code httpStatus} and body) read: the message sent, or why not. */
    public static Sent readSent(int httpStatus, String body, long chatId) throws TelegramApiException {
        var result = result("sendMessage", httpStatus, body);
        return new Sent(result.path("chat").path("id").asLong(chatId), result.path("message_id").asLong());
    }

    /** The HTTP client every call of this API runs on. */
    public OkHttpClient http() {
        return http;
    }

    /**
     * Cancels every call in flight on this API's HTTP client (a long poll that would otherwise wait out its timeout
     * when Parley stops). Give a poller its own client, so this does not touch other callers.
     */
    public void cancelRunningCalls() {
        http.dispatcher().cancelAll();
    }

    /** At most {@link #MAX_TEXT} UTF-16 units, cut at a code point boundary with an ellipsis. */
    static String fit(String text) {
        if (text.length() <= MAX_TEXT) return text;
        int end = MAX_TEXT - 1;
        if (Character.isLowSurrogate(text.charAt(end))) end--;
        return text.substring(0, end) + "…";
    }

    private JsonNode call(String method, Map<String, Object> params, Duration readTimeout)
            throws IOException, TelegramApiException {
        var client = readTimeout == null ? http : http.newBuilder().readTimeout(readTimeout)
                .callTimeout(readTimeout.plusSeconds(10)).build();
        try (var response = client.newCall(request(method, params).build()).execute()) {
            return result(method, response.code(), response.body().string());
        }
    }

    private Request.Builder request(String method, Map<String, Object> params) {
        byte[] body;
        try {
            body = JSON.writeValueAsBytes(params);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("unwritable parameters of " + method, e);
        }
        return new Request.Builder().url(base.newBuilder().addPathSegment(method).build())
                .post(RequestBody.create(body, APPLICATION_JSON));
    }

    /** The {@code result} of an answer with {@code "ok": true}; otherwise the failure it describes. */
    private static JsonNode result(String method, int httpStatus, String body) throws TelegramApiException {
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (IOException notJson) {
            throw new TelegramApiException(method, httpStatus, 0, null);
        }
        if (json == null || !json.path("ok").asBoolean(false)) {
            Integer retryAfter = json != null && json.path("parameters").has("retry_after")
                    ? json.path("parameters").path("retry_after").asInt() : null;
            throw new TelegramApiException(method, httpStatus, json == null ? 0 : json.path("error_code").asInt(0),
                    retryAfter);
        }
        return json.path("result");
    }
}
