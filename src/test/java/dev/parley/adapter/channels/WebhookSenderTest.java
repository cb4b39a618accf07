package dev.parley.adapter.channels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.adapter.http.signature.StandardWebhooks;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.security.SecureRandom;
import dev.parley.application.ManualClock;
import java.time.Instant;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The webhook sender posts each outgoing message as JSON signed with Standard Webhooks. */
class WebhookSenderTest {
    @TempDir Path home;

    @Test
    void postsASignedJsonMessageAndMarksSent() throws Exception {
        var secret = StandardWebhooks.generateSecret(new SecureRandom());
        try (var receiver = new MockWebServer()) {
            receiver.start();
            receiver.enqueue(new MockResponse.Builder().code(503).build());
            receiver.enqueue(new MockResponse.Builder().code(204).build());
            var clock = new ManualClock(Instant.parse("2026-06-01T10:00:00Z"));
            try (var parley = TestParley.start(home, clock, Map.of(ConfigKey.SENDER, "webhook",
                    ConfigKey.SENDER_WEBHOOK_URL, receiver.url("/bridge/outbound").toString(),
                    ConfigKey.SENDER_WEBHOOK_SECRET, secret), null)) {
                parley.app.outboxLoop.close();
                var response = parley.http().apiPost("/api/conversations",
                        "{\"channel\":\"telegram\",\"to\":\"tg-4711\",\"text\":\"Hi from Parley\",\"actor\":\"ops\"}");
                assertThat(response.statusCode()).isEqualTo(201);
                long outboxId = ParleyHttp.json(response).get("outbox_id").asLong();

                parley.app.deliverOutbox.deliverDue(10);
                var refused = receiver.takeRequest(5, TimeUnit.SECONDS);
                assertThat(refused).isNotNull();
                var row = parley.app.database.transactions().inTransaction(s -> s.outbox().find(outboxId))
                        .orElseThrow();
                assertThat(row.status()).isEqualTo(OutboxStatus.PENDING);
                assertThat(row.attempts()).isEqualTo(1);

                clock.set(row.nextAttemptAt());
                parley.app.deliverOutbox.deliver(outboxId);
                var request = receiver.takeRequest(5, TimeUnit.SECONDS);
                assertThat(request).isNotNull();
                assertThat(request.getUrl().encodedPath()).isEqualTo("/bridge/outbound");
                var body = request.getBody().toByteArray();
                var headers = request.getHeaders();
                var verified = StandardWebhooks.of(secret, java.time.Clock.systemUTC()).verify(
                        headers.get(StandardWebhooks.HEADER_ID), headers.get(StandardWebhooks.HEADER_TIMESTAMP),
                        headers.get(StandardWebhooks.HEADER_SIGNATURE), body);
                assertThat(verified.isVerified()).isTrue();
                assertThat(headers.get(StandardWebhooks.HEADER_ID)).isEqualTo("parley_out_" + outboxId)
                        .isEqualTo(refused.getHeaders().get(StandardWebhooks.HEADER_ID));
                var json = ParleyHttp.JSON.readTree(body);
                assertThat(json.get("type").asText()).isEqualTo("message.outbound");
                assertThat(json.get("outbox_id").asLong()).isEqualTo(outboxId);
                assertThat(json.get("channel").asText()).isEqualTo("telegram");
                assertThat(json.get("to").asText()).isEqualTo("tg-4711");
                assertThat(json.get("conversation").asText()).isEqualTo("tg-4711");
                assertThat(json.has("reply_to")).as("answers no message in particular").isFalse();
                assertThat(json.get("text").asText()).isEqualTo("Hi from Parley");
                await().atMost(Duration.ofSeconds(5)).until(() -> parley.app.database.transactions()
                        .inTransaction(s -> s.outbox().find(outboxId)).orElseThrow().status() == OutboxStatus.SENT);
            }
        }
    }
}
