package dev.parley.adapter.telegram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.application.JsonDocuments;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Parley with {@code telegram.token} against a mock Bot API: getMe at start, long polling of a group chat,
 * a member tagging the bot, and the bot's answer going back to the group through sendMessage.
 */
class TelegramEndToEndTest {
    static final String TOKEN = "4242:E2E-token_x";
    static final long CHAT = -1001847508954L;

    @TempDir
    Path home;

    @Test
    void aTagInAGroupIsAnsweredInTheGroup() throws Exception {
        var updates = new ConcurrentLinkedQueue<String>();
        var sent = new CopyOnWriteArrayList<JsonNode>();
        try (var telegram = new MockWebServer()) {
            telegram.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    var path = request.getUrl().encodedPath();
                    if (path.equals("/bot" + TOKEN + "/getMe")) {
                        return ok("{\"id\":777,\"is_bot\":true,\"first_name\":\"Parley\",\"username\":\"parley_bot\"}");
                    }
                    if (path.equals("/bot" + TOKEN + "/getUpdates")) {
                        var next = updates.poll();
                        return next != null ? ok(next) : new MockResponse.Builder()
                                .body("{\"ok\":true,\"result\":[]}").headersDelay(100, TimeUnit.MILLISECONDS).build();
                    }
                    if (path.equals("/bot" + TOKEN + "/sendMessage")) {
                        try {
                            sent.add(TelegramFixtures.JSON.readTree(request.getBody().utf8()));
                        } catch (java.io.IOException e) {
                            throw new IllegalStateException(e);
                        }
                        return ok("{\"message_id\":" + (900 + sent.size()) + ",\"chat\":{\"id\":" + CHAT + "}}");
                    }
                    return new MockResponse.Builder().code(404).build();
                }
            });
            telegram.start();
            var proposal = TelegramFixtures.groupMessage(1, CHAT, 10, 41, "ana",
                    "We should look at the restaurant for the gathering", null, null);
            var tag = TelegramFixtures.groupMessage(2, CHAT, 11, 42, "ben", "@parley_bot what do you think?",
                    "[{\"type\":\"mention\",\"offset\":0,\"length\":11}]", null);
            updates.add("[" + proposal + "," + tag + "]");
            try (var parley = TestParley.start(home, Clock.systemUTC(), Map.of(ConfigKey.TELEGRAM_TOKEN, TOKEN,
                    ConfigKey.TELEGRAM_API_BASE, telegram.url("/").toString(),
                    ConfigKey.TELEGRAM_POLL_TIMEOUT_SECONDS, "1"), null)) {
                await().atMost(Duration.ofSeconds(30)).until(() -> !sent.isEmpty());
                var reply = sent.getFirst();
                assertThat(reply.get("chat_id").asLong()).isEqualTo(CHAT);
                assertThat(reply.get("text").asText()).startsWith("I looked at 1 earlier message:")
                        .contains("We should look at the restaurant for the gathering");
                // Sent as a reply to the tag (reply_parameters), and stored as the bot's message replying to it.
                assertThat(reply.at("/reply_parameters/message_id").asLong()).isEqualTo(11);
                var conversation = parley.app.transactions.inTransaction(s -> s.conversations().findByKey("telegram",
                        Long.toString(CHAT))).orElseThrow();
                await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(parley.app.find
                        .detail(conversation.id()).messages()).anySatisfy(m -> {
                            assertThat(m.providerId()).isEqualTo(CHAT + ":901");
                            assertThat(m.replyTo()).isEqualTo(CHAT + ":11");
                        }));

                // A member answers the bot's message (a reply, no tag): the bot is addressed, and its context follows
                // the reply chain back through its own answer to the tag.
                var botAnswer = "{\"message_id\":901,\"from\":{\"id\":777,\"is_bot\":true,\"first_name\":\"Parley\","
                        + "\"username\":\"parley_bot\"},\"chat\":{\"id\":" + CHAT + ",\"type\":\"supergroup\"},"
                        + "\"date\":1721592590,\"text\":\"I looked at 1 earlier message\"}";
                updates.add("[" + TelegramFixtures.groupMessage(3, CHAT, 12, 41, "ana", "which one do you mean?", null,
                        botAnswer) + "]");
                await().atMost(Duration.ofSeconds(30)).until(() -> sent.size() == 2);
                assertThat(sent.get(1).at("/reply_parameters/message_id").asLong()).isEqualTo(12);
                var context = parley.app.find.detail(conversation.id()).events().stream()
                        .filter(e -> e.type().equals("context_selected")).map(e -> JsonDocuments.read(e.detailJson()))
                        .toList();
                assertThat(context).hasSize(2);
                assertThat(context.get(1).get("mention")).isEqualTo("reply_to_bot");
                @SuppressWarnings("unchecked")
                var selected = ((List<Map<String, Object>>) context.get(1).get("selected")).stream()
                        .map(m -> m.get("provider_id")).toList();
                assertThat(selected).contains(CHAT + ":901", CHAT + ":11");
            }
            assertThat(Collections.unmodifiableList(sent)).hasSize(2);
            assertThat(List.copyOf(updates)).isEmpty();
        }
    }

    static MockResponse ok(String result) {
        return new MockResponse.Builder().setHeader("Content-Type", "application/json")
                .body("{\"ok\":true,\"result\":" + result + "}").build();
    }
}
