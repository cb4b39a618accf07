package dev.parley.adapter.telegram;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.outbox.Sender;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** sendMessage against a mock Bot API: the request Telegram gets, and what each answer means for the outbox. */
class TelegramSenderTest {
    static final String TOKEN = "123456:TEST-token_abc";
    final MockWebServer telegram = new MockWebServer();
    TelegramSender sender;

    @BeforeEach
    void start() throws Exception {
        telegram.start();
        sender = new TelegramSender(new OkHttpClient(), telegram.url("/").toString(), TOKEN);
    }

    @AfterEach
    void stop() throws Exception {
        telegram.close();
    }

    static MockResponse json(int code, String body) {
        return new MockResponse.Builder().code(code).setHeader("Content-Type", "application/json").body(body).build();
    }

    @Test
    void repliesToTheTriggeringMessageWithReplyParameters() throws Exception {
        telegram.enqueue(json(200, "{\"ok\":true,\"result\":{\"message_id\":134600,\"date\":1721592700,"
                + "\"chat\":{\"id\":-1001293752024,\"type\":\"supergroup\",\"title\":\"CryptoInside Chat\"},"
                + "\"from\":{\"id\":777,\"is_bot\":true,\"first_name\":\"Parley\",\"username\":\"parley_bot\"},"
                + "\"text\":\"I looked at 2 earlier messages\"}}"));
        var result = sender.send("-1001293752024", "-1001293752024:134546", "I looked at 2 earlier messages");
        assertThat(result).isEqualTo(new Sender.Delivered("-1001293752024:134600"));
        var request = telegram.takeRequest(5, TimeUnit.SECONDS);
        assertThat(request.getUrl().encodedPath()).isEqualTo("/bot" + TOKEN + "/sendMessage");
        var body = TelegramFixtures.JSON.readTree(request.getBody().utf8());
        assertThat(body.get("chat_id").asLong()).isEqualTo(-1001293752024L);
        assertThat(body.get("text").asText()).isEqualTo("I looked at 2 earlier messages");
        assertThat(body.at("/reply_parameters/message_id").asLong()).isEqualTo(134546L);
        assertThat(body.at("/reply_parameters/allow_sending_without_reply").asBoolean()).isTrue();
    }

    @Test
    void withoutAnAnchorInThisChatItSendsAPlainMessage() throws Exception {
        telegram.enqueue(json(200, "{\"ok\":true,\"result\":{\"message_id\":5,\"chat\":{\"id\":42}}}"));
        assertThat(sender.send("42", "99:7", "hi")).isEqualTo(new Sender.Delivered("42:5"));
        var body = TelegramFixtures.JSON.readTree(telegram.takeRequest(5, TimeUnit.SECONDS).getBody().utf8());
        assertThat(body.has("reply_parameters")).isFalse();
    }

    @Test
    void theOutboxRowsChatAndReplyToGoOutAsChatIdAndReplyParameters() throws Exception {
        telegram.enqueue(json(200, "{\"ok\":true,\"result\":{\"message_id\":134601,\"chat\":{\"id\":-1001293752024}}}"));
        // A group's contact is the group; the conversation key (the chat id) is what Telegram is sent.
        var row = new Sender.OutgoingMessage(17, "telegram", "-1001293752024", "-1001293752024", null,
                "-1001293752024:134546", "I looked at 2 earlier messages");
        assertThat(sender.send(row)).isEqualTo(new Sender.Delivered("-1001293752024:134601"));
        var body = TelegramFixtures.JSON.readTree(telegram.takeRequest(5, TimeUnit.SECONDS).getBody().utf8());
        assertThat(body.get("chat_id").asLong()).isEqualTo(-1001293752024L);
        assertThat(body.at("/reply_parameters/message_id").asLong()).isEqualTo(134546L);
        assertThat(sender.idempotent()).as("sendMessage has no idempotency key").isFalse();
    }

    @Test
    void floodControlAndServerErrorsAreRetriedRefusalsAreNot() {
        telegram.enqueue(json(429, "{\"ok\":false,\"error_code\":429,\"description\":\"Too Many Requests: retry after 3\","
                + "\"parameters\":{\"retry_after\":3}}"));
        assertThat(sender.send("-100", null, "x")).isInstanceOf(Sender.Retryable.class);
        telegram.enqueue(json(503, "<html>unavailable</html>"));
        assertThat(sender.send("-100", null, "x")).isInstanceOf(Sender.Retryable.class);
        // Any other 5xx, or a success that cannot be read, may have posted the message: unknown, never sent again.
        telegram.enqueue(json(502, "<html>bad gateway</html>"));
        assertThat(sender.send("-100", null, "x")).isInstanceOf(Sender.Unknown.class);
        telegram.enqueue(json(200, "<html>ok?</html>"));
        assertThat(sender.send("-100", null, "x")).isInstanceOf(Sender.Unknown.class);
        telegram.enqueue(json(400, "{\"ok\":false,\"error_code\":400,\"description\":\"Bad Request: chat not found\"}"));
        var refused = sender.send("-100", null, "x");
        assertThat(refused).isEqualTo(new Sender.Permanent("telegram sendMessage HTTP 400 error 400", false));
        telegram.enqueue(json(403, "{\"ok\":false,\"error_code\":403,\"description\":\"Forbidden: bot was kicked\"}"));
        assertThat(sender.send("-100", null, "x")).isEqualTo(
                new Sender.Permanent("telegram sendMessage HTTP 403 error 403", false));
        telegram.enqueue(json(403, "{\"ok\":false,\"error_code\":403,\"description\":\"Forbidden: bot was blocked by the user\"}"));
        assertThat(sender.send("42", null, "x")).as("a private chat that blocked the bot opted out")
                .isEqualTo(new Sender.Permanent("telegram sendMessage HTTP 403 error 403", true));
        assertThat(sender.send("not-a-chat", null, "x")).isInstanceOf(Sender.Permanent.class);
    }

    @Test
    void aRequestWrittenButNeverAnsweredIsUnknown() {
        telegram.enqueue(new MockResponse.Builder().onResponseStart(mockwebserver3.SocketEffect.Stall.INSTANCE).build());
        var impatient = new TelegramSender(new OkHttpClient.Builder().readTimeout(java.time.Duration.ofMillis(300))
                .build(), telegram.url("/").toString(), TOKEN);
        assertThat(impatient.send("42", null, "x")).isInstanceOf(Sender.Unknown.class);
    }

    @Test
    void anUnreachableApiIsRetryableAndLongTextsAreCut() throws Exception {
        var port = telegram.getPort();
        telegram.close();
        var offline = new TelegramSender(new OkHttpClient(), "http://127.0.0.1:" + port + "/", TOKEN);
        assertThat(offline.send("42", null, "x")).isInstanceOf(Sender.Retryable.class);
        var long_ = "é".repeat(TelegramBotApi.MAX_TEXT + 10);
        assertThat(TelegramBotApi.fit(long_)).hasSize(TelegramBotApi.MAX_TEXT).endsWith("…");
        var emoji = "😀".repeat(TelegramBotApi.MAX_TEXT);
        var cut = TelegramBotApi.fit(emoji);
        assertThat(cut.length()).isLessThanOrEqualTo(TelegramBotApi.MAX_TEXT);
        assertThat(Character.isHighSurrogate(cut.charAt(cut.length() - 2))).isFalse();
    }
}
