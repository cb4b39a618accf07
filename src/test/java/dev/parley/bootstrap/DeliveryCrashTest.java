package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.testing.ChildParley;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code parley serve} killed with SIGKILL after its request reached Twilio and before it could record the
 * answer: after a restart the message is never sent again by itself; it shows as DELIVERY_UNKNOWN until an operator
 * sends it again (or marks it sent).
 */
class DeliveryCrashTest {
    static final String SID = "AC0123456789abcdef0123456789abcdef";
    @TempDir Path home;

    @Test
    void aCrashBetweenSendAndRecordLeavesTheRowUnknownAndSendsNothingTwice() throws Exception {
        try (var twilio = new MockWebServer()) {
            twilio.start();
            twilio.enqueue(new MockResponse.Builder().onResponseStart(SocketEffect.Stall.INSTANCE).build());
            twilio.enqueue(new MockResponse.Builder().code(201).setHeader("Content-Type", "application/json")
                    .body("{\"sid\":\"SM00000000000000000000000000000009\"}").build());
            var child = new ChildParley(home, List.of("api.token=" + TestParley.TOKEN, "sender=twilio",
                    "twilio.base_url=" + twilio.url("/"), "twilio.account_sid=" + SID,
                    "webhooks.twilio.auth_token=" + TestParley.TWILIO_TOKEN, "twilio.from=+15005550006"));
            try {
                crashBetweenSendAndRecord(twilio, child);
            } finally {
                // a failed check must not leave the child running beside the rest of the suite
                if (child.alive()) child.kill();
            }
        }
    }

    private static void crashBetweenSendAndRecord(MockWebServer twilio, ChildParley child) throws Exception {
        child.startAndAwaitHealthy(ChildParley.STARTUP);
        var http = new ParleyHttp(child.baseUrl());
        var started = http.apiPost("/api/conversations", "{\"channel\":\"sms\",\"to\":\"+15556660101\","
                + "\"text\":\"Hello once\",\"actor\":\"ops@example.test\"}");
        assertThat(started.statusCode()).isEqualTo(201);
        long outboxId = ParleyHttp.json(started).get("outbox_id").asLong();
        assertThat(twilio.takeRequest(30, TimeUnit.SECONDS)).as("the message reached Twilio").isNotNull();

        child.kill();
        child.startAndAwaitHealthy(ChildParley.STARTUP);

        await().atMost(Duration.ofSeconds(30)).until(() -> status(http, outboxId).equals("DELIVERY_UNKNOWN"));
        Thread.sleep(1500); // three outbox rounds: nothing may go out again by itself
        assertThat(twilio.getRequestCount()).as("requests to Twilio").isEqualTo(1);

        var again = http.apiPost("/api/outbox/" + outboxId + "/send-again", "{\"actor\":\"ops@example.test\"}");
        assertThat(again.statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(30)).until(() -> status(http, outboxId).equals("SENT"));
        assertThat(twilio.getRequestCount()).as("sent again once, by the operator").isEqualTo(2);
        child.stop();
    }

    private static String status(ParleyHttp http, long outboxId) {
        for (var status : List.of("DELIVERY_UNKNOWN", "SENT", "SENDING", "PENDING")) {
            var items = ParleyHttp.json(http.apiGet("/api/outbox?status=" + status)).get("items");
            for (var item : items) {
                if (item.get("id").asLong() == outboxId) return status;
            }
        }
        return "other";
    }
}
