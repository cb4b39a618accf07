package dev.parley.adapter.telegram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.application.ManualClock;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.message.InboxStatus;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Long polling against a mock Bot API with the shared payloads, on a real H2 store, across a restart. */
class TelegramPollerTest {
    static final String TOKEN = "123456:TEST-token_abc";

    @TempDir
    Path home;

    final MockWebServer telegram = new MockWebServer();
    final ConcurrentLinkedQueue<MockResponse> updates = new ConcurrentLinkedQueue<>();
    final List<Long> offsets = Collections.synchronizedList(new ArrayList<>());
    final List<Duration> sleeps = Collections.synchronizedList(new ArrayList<>());
    volatile MockResponse me = ok("{\"id\":777,\"is_bot\":true,\"first_name\":\"Parley\",\"username\":\"parley_bot\"}");

    @BeforeEach
    void startTelegram() throws Exception {
        telegram.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                var path = request.getUrl().encodedPath();
                if (!path.startsWith("/bot" + TOKEN + "/")) return new MockResponse.Builder().code(404).build();
                if (path.endsWith("/getMe")) return me;
                if (path.endsWith("/getUpdates")) {
                    try {
                        offsets.add(TelegramFixtures.JSON.readTree(request.getBody().utf8()).get("offset").asLong());
                    } catch (java.io.IOException e) {
                        throw new IllegalStateException(e);
                    }
                    var next = updates.poll();
                    if (next != null) return next;
                    // A long poll that found nothing (shortened for the test).
                    return new MockResponse.Builder().body("{\"ok\":true,\"result\":[]}")
                            .headersDelay(50, TimeUnit.MILLISECONDS).build();
                }
                return new MockResponse.Builder().code(404).build();
            }
        });
        telegram.start();
    }

    @AfterEach
    void stopTelegram() throws Exception {
        telegram.close();
    }

    static MockResponse ok(String result) {
        return new MockResponse.Builder().setHeader("Content-Type", "application/json")
                .body("{\"ok\":true,\"result\":" + result + "}").build();
    }

    static MockResponse batch(JsonNode... updates) {
        var array = TelegramFixtures.JSON.createArrayNode();
        for (var u : updates) array.add(u);
        return ok(array.toString());
    }

    TelegramPoller poller(TestParley parley) {
        var api = new TelegramBotApi(new OkHttpClient(), telegram.url("/").toString(), TOKEN);
        return new TelegramPoller(api, parley.app.transactions, parley.app.receive, parley.app.clock, true, 1,
                d -> {
                    sleeps.add(d);
                    Thread.sleep(20); // records the wait it was asked for, without waiting it
                }, new Random(1));
    }

    TestParley parley() {
        return TestParley.open(home, new ManualClock(Instant.parse("2026-06-01T10:00:00Z")),
                Map.of(ConfigKey.PLAYBOOK_CHAT, "noop"));
    }

    static java.util.Optional<String> state(TestParley parley, String name) {
        return parley.app.transactions.inTransaction(
                (java.util.function.Function<dev.parley.application.store.Store, java.util.Optional<String>>)
                        s -> s.channelState().get("telegram", name));
    }

    static JsonNode update(long id, String testFn, int nth) {
        return TelegramFixtures.asUpdate(id, TelegramFixtures.teloxide(testFn, nth).json());
    }

    @Test
    void getMeIsKeptEveryMessageIsStoredOnceAndTheOffsetSurvivesARestart() throws Exception {
        updates.add(batch(TelegramFixtures.teloxide("issue_1107", 0).json(), TelegramFixtures.teloxide("issue_1107", 1).json(),
                TelegramFixtures.teloxide("issue_523", 0).json()));
        try (var parley = parley(); var poller = poller(parley)) {
            poller.start();
            await().atMost(Duration.ofSeconds(10)).until(() -> offsets.size() >= 2);
            assertThat(state(parley, "bot_id")).contains("777");
            assertThat(state(parley, "bot_username")).contains("parley_bot");
            // Two messages; the membership update (id 0, earlier) is ignored; the offset is past the last one.
            assertThat(parley.inboxCounts().get(InboxStatus.RECEIVED)).isEqualTo(2);
            assertThat(offsets.get(0)).isZero();
            assertThat(offsets.get(1)).isEqualTo(439432601L);
        }
        offsets.clear();
        // The same updates again (as if the offset had not reached Telegram) and a new one.
        updates.add(batch(TelegramFixtures.teloxide("issue_1107", 1).json(), update(439432601L, "de_text", 0)));
        try (var parley = parley(); var poller = poller(parley)) {
            poller.start();
            await().atMost(Duration.ofSeconds(10)).until(() -> offsets.size() >= 2);
            assertThat(offsets.get(0)).as("resumes where it stopped").isEqualTo(439432601L);
            assertThat(offsets.get(1)).isEqualTo(439432602L);
            var counts = parley.inboxCounts();
            assertThat(counts.get(InboxStatus.RECEIVED)).as("the repeated update is stored once").isEqualTo(3);
        }
    }

    @Test
    void failuresBackOffExponentiallyAndFloodControlWaitsAsAsked() throws Exception {
        me = new MockResponse.Builder().code(502).body("Bad Gateway").build();
        try (var parley = parley(); var poller = poller(parley)) {
            poller.start();
            await().atMost(Duration.ofSeconds(10)).until(() -> sleeps.size() >= 4);
            me = ok("{\"id\":777,\"is_bot\":true,\"first_name\":\"Parley\",\"username\":\"parley_bot\"}");
            updates.add(new MockResponse.Builder().code(429).setHeader("Content-Type", "application/json")
                    .body("{\"ok\":false,\"error_code\":429,\"description\":\"Too Many Requests: retry after 7\","
                            + "\"parameters\":{\"retry_after\":7}}").build());
            updates.add(batch(update(5, "de_text", 0)));
            await().atMost(Duration.ofSeconds(10)).until(() -> parley.inboxCounts().get(InboxStatus.RECEIVED) == 1);
            var waits = List.copyOf(sleeps);
            // Full jitter within doubling caps: [0.5, 1] s, [1, 2] s, [2, 4] s …; then exactly what flood control said.
            assertThat(waits.get(0)).isBetween(Duration.ofMillis(500), Duration.ofSeconds(1));
            assertThat(waits.get(1)).isBetween(Duration.ofSeconds(1), Duration.ofSeconds(2));
            assertThat(waits.get(2)).isBetween(Duration.ofSeconds(2), Duration.ofSeconds(4));
            assertThat(waits).contains(Duration.ofSeconds(7));
            assertThat(waits).allSatisfy(d -> assertThat(d).isLessThanOrEqualTo(Duration.ofSeconds(60)));
        }
    }

    @Test
    void anUnreadableUpdateIsSkippedNotRetriedForever() throws Exception {
        var broken = TelegramFixtures.JSON.createObjectNode();
        broken.put("update_id", 40);
        broken.putObject("message").put("text", "no chat");
        updates.add(batch(broken, update(41, "de_text", 0)));
        try (var parley = parley(); var poller = poller(parley)) {
            poller.start();
            await().atMost(Duration.ofSeconds(10)).until(() -> offsets.contains(42L));
            assertThat(parley.inboxCounts().get(InboxStatus.RECEIVED)).isEqualTo(1);
        }
    }

    @Test
    void theTokenIsInThePathOnlyAndOnlyMessagesAreAskedFor() throws Exception {
        try (var parley = parley(); var poller = poller(parley)) {
            poller.start();
            await().atMost(Duration.ofSeconds(10)).until(() -> offsets.size() >= 1);
        }
        RecordedRequest request;
        do {
            request = telegram.takeRequest(5, TimeUnit.SECONDS);
        } while (request != null && !request.getUrl().encodedPath().endsWith("getUpdates"));
        assertThat(request).isNotNull();
        var body = TelegramFixtures.JSON.readTree(request.getBody().utf8());
        assertThat(body.get("allowed_updates").toString()).isEqualTo("[\"message\"]");
        assertThat(body.get("timeout").asInt()).isEqualTo(1);
    }

    @Test
    void anUpdateWithAFieldOverItsLimitIsSkippedAndTheNextStored() throws Exception {
        var tooLong = (com.fasterxml.jackson.databind.node.ObjectNode) update(50, "de_text", 0);
        ((com.fasterxml.jackson.databind.node.ObjectNode) tooLong.get("message").get("from"))
                .put("username", "u".repeat(300));
        var badDate = (com.fasterxml.jackson.databind.node.ObjectNode) update(51, "de_text", 0);
        ((com.fasterxml.jackson.databind.node.ObjectNode) badDate.get("message")).put("date", Long.MAX_VALUE);
        updates.add(batch(tooLong, badDate, update(52, "de_text", 0)));
        try (var parley = parley(); var poller = poller(parley)) {
            poller.start();
            await().atMost(Duration.ofSeconds(10)).until(() -> offsets.contains(53L));
            assertThat(parley.inboxCounts().get(InboxStatus.RECEIVED)).isEqualTo(1);
        }
    }
}
