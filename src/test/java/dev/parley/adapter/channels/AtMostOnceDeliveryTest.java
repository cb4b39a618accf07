package dev.parley.adapter.channels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.adapter.http.signature.StandardWebhooks;
import dev.parley.application.ManualClock;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.ScriptedPlaybook;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A message leaves at most once, counted at the provider (MockWebServer standing in for Twilio): whatever fails after
 * a send, whatever is unknown about it, the provider sees one request; only an idempotent sender retries.
 */
class AtMostOnceDeliveryTest {
    static final String SID = "AC0123456789abcdef0123456789abcdef";
    @TempDir Path home;
    final MockWebServer provider = new MockWebServer();
    final ManualClock clock = new ManualClock(Instant.parse("2026-06-01T10:00:00Z"));
    TestParley parley;

    @BeforeEach
    void startProvider() throws Exception {
        provider.start();
    }

    @AfterEach
    void stop() {
        provider.close(); // first: a send still hanging on it ends now
        if (parley != null) parley.close();
    }

    /** Parley sending through Twilio with a 1 s read timeout; the test drives the outbox itself. */
    void startParley(Clock clock) {
        startParley(clock, Duration.ofSeconds(1));
    }

    void startParley(Clock clock, Duration readTimeout) {
        var http = new OkHttpClient.Builder().connectTimeout(1, TimeUnit.SECONDS).readTimeout(readTimeout).build();
        var twilio = new TwilioSender(http, provider.url("/").toString(), SID, TestParley.TWILIO_TOKEN, "+15005550006");
        parley = TestParley.start(home, clock, Map.of(), twilio, List.of(new ScriptedPlaybook(false)));
        parley.app.outboxLoop.close();
    }

    long[] startConversation(String to, String text) {
        var response = parley.http().apiPost("/api/conversations", "{\"playbook\":\"scripted\",\"channel\":\"sms\","
                + "\"to\":\"" + to + "\",\"text\":\"" + text + "\",\"actor\":\"ops@example.test\"}");
        assertThat(response.statusCode()).isEqualTo(201);
        var json = ParleyHttp.json(response);
        return new long[] {json.get("id").asLong(), json.get("outbox_id").asLong()};
    }

    OutboxEntry row(long id) {
        return parley.app.transactions.inTransaction(s -> s.outbox().find(id)).orElseThrow();
    }

    static MockResponse created(String sid) {
        return new MockResponse.Builder().code(201).setHeader("Content-Type", "application/json")
                .body("{\"sid\":\"" + sid + "\"}").build();
    }

    @Test
    void aSendThatSucceedsIsNeverRepeatedWhenALaterStepThrows() {
        startParley(clock);
        provider.enqueue(created("SM00000000000000000000000000000001"));
        provider.enqueue(created("SM00000000000000000000000000000002"));
        var ids = startConversation("+15556660001", "first " + ScriptedPlaybook.HOOK_FAILS);

        parley.app.deliverOutbox.deliverDue(10);
        clock.advance(Duration.ofMinutes(5));
        parley.app.deliverOutbox.deliverDue(10);

        assertThat(provider.getRequestCount()).as("requests to the provider").isEqualTo(1);
        var sent = row(ids[1]);
        assertThat(sent.status()).isEqualTo(OutboxStatus.SENT);
        var detail = parley.app.find.detail(ids[0]);
        assertThat(detail.messages()).anySatisfy(m -> assertThat(m.providerId())
                .isEqualTo("SM00000000000000000000000000000001"));
        assertThat(detail.events()).anySatisfy(e -> {
            assertThat(e.type()).isEqualTo("outbound_hook_failed");
            assertThat(e.detailJson()).contains("IllegalStateException");
        });
    }

    @Test
    void aReadTimeoutLeavesTheDeliveryUnknownAndIsNeverSentAgainByItself() throws Exception {
        startParley(clock);
        provider.enqueue(new MockResponse.Builder().onResponseStart(SocketEffect.Stall.INSTANCE).build());
        var ids = startConversation("+15556660002", "are you there?");

        parley.app.deliverOutbox.deliverDue(10);

        assertThat(provider.takeRequest(5, TimeUnit.SECONDS)).isNotNull();
        var unknown = row(ids[1]);
        assertThat(unknown.status()).isEqualTo(OutboxStatus.DELIVERY_UNKNOWN);
        assertThat(unknown.reason()).isEqualTo("no answer from twilio: SocketTimeoutException while waiting for the "
                + "answer (the request had left, new connection)");
        clock.advance(Duration.ofHours(1));
        parley.app.deliverOutbox.deliverDue(10);
        assertThat(provider.getRequestCount()).as("requests to the provider").isEqualTo(1);
        assertThat(row(ids[1]).status()).isEqualTo(OutboxStatus.DELIVERY_UNKNOWN);
    }

    @Test
    void aConnectionLostAfterTheRequestIsUnknownAndNotRetriedByTheHttpClient() throws Exception {
        startParley(clock);
        provider.enqueue(new MockResponse.Builder().onResponseStart(new SocketEffect.CloseSocket()).build());
        provider.enqueue(created("SM00000000000000000000000000000003"));
        var ids = startConversation("+15556660003", "did it leave?");

        parley.app.deliverOutbox.deliverDue(10);

        assertThat(provider.getRequestCount()).as("requests to the provider").isEqualTo(1);
        assertThat(row(ids[1]).status()).isEqualTo(OutboxStatus.DELIVERY_UNKNOWN);
    }

    @Test
    void aRequestThatCannotLeaveIsRetriedWithBackoff() throws Exception {
        startParley(clock);
        provider.close(); // connection refused: the message certainly did not leave
        var ids = startConversation("+15556660004", "hello");

        parley.app.deliverOutbox.deliverDue(10);

        var retry = row(ids[1]);
        assertThat(retry.status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(retry.attempts()).isEqualTo(1);
        assertThat(retry.reason()).isEqualTo("twilio unreachable: ConnectException while connecting (the request did "
                + "not leave)");
        assertThat(retry.nextAttemptAt()).isAfter(clock.instant());
    }

    /**
     * Before, the send ran inside a transaction holding the contact's lock, and a critical message for that contact
     * waited for it (up to the 20 s call timeout). Now the critical message's processing, from its receipt to its
     * commit (the pipeline's own latency measurement), takes under a second while the send hangs.
     */
    @Test
    void aCriticalMessageIsHandledWithinASecondWhileASendToTheSameContactHangs() throws Exception {
        startParley(Clock.systemUTC(), Duration.ofSeconds(30));
        parley.app.outboxLoop.start();
        provider.enqueue(new MockResponse.Builder().headersDelay(20, TimeUnit.SECONDS)
                .setHeader("Content-Type", "application/json").body("{\"sid\":\"SMslow\"}").build());
        var address = "+15556660005";
        var ids = startConversation(address, "first message");
        assertThat(provider.takeRequest(10, TimeUnit.SECONDS)).as("the first message is leaving").isNotNull();
        await().atMost(Duration.ofSeconds(5)).until(() -> row(ids[1]).status() == OutboxStatus.SENDING);

        var http = parley.http();
        assertThat(http.postGeneric("wh-q1", ParleyHttp.message("q1", "sms", address, "echo queued reply", "scripted"),
                Clock.systemUTC()).statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> parley.inboxCounts().get(InboxStatus.PROCESSED) == 1);
        await().atMost(Duration.ofSeconds(5)).until(() -> parley.app.metrics.latencyCount() == 1);
        long withinASecond = parley.app.metrics.bucket(7);
        assertThat(http.postGeneric("wh-q2", ParleyHttp.message("q2", "sms", address, "alert", "scripted"),
                Clock.systemUTC()).statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> parley.inboxCounts().get(InboxStatus.PROCESSED) == 2);

        // Receipt to commit, as the pipeline measures it (bucket 7 is <= 1 s).
        await().atMost(Duration.ofSeconds(5)).until(() -> parley.app.metrics.latencyCount() == 2);
        assertThat(parley.app.metrics.bucket(7) - withinASecond).as("the critical message processed within 1 s")
                .isEqualTo(1);
        var detail = parley.app.find.detail(ids[0]);
        assertThat(detail.conversation().state()).isEqualTo("HumanReview");
        assertThat(detail.contact().status()).isEqualTo(ContactStatus.BLOCKED);
        assertThat(detail.outbox()).filteredOn(o -> o.purpose().equals("echo")).singleElement().satisfies(o -> {
            assertThat(o.status()).as("the queued reply had not left: held").isEqualTo(OutboxStatus.HELD);
            assertThat(o.reason()).startsWith("critical alert");
        });
        assertThat(row(ids[1]).status()).as("the hanging send had left: it is not held").isEqualTo(OutboxStatus.SENDING);
        assertThat(provider.getRequestCount()).isEqualTo(1);
    }

    @Test
    void theWebhookSenderIsIdempotentSoAnUnknownOutcomeIsSentAgainUnderTheSameWebhookId() throws Exception {
        var http = new OkHttpClient.Builder().readTimeout(1, TimeUnit.SECONDS).build();
        var secret = StandardWebhooks.generateSecret(new java.security.SecureRandom());
        var webhook = new WebhookSender(http, provider.url("/out").toString(), secret, Clock.systemUTC());
        parley = TestParley.start(home, clock, Map.of(), webhook, List.of(new ScriptedPlaybook(false)));
        parley.app.outboxLoop.close();
        provider.enqueue(new MockResponse.Builder().onResponseStart(SocketEffect.Stall.INSTANCE).build());
        provider.enqueue(new MockResponse.Builder().code(204).build());
        var ids = startConversation("+15556660006", "hello bridge");

        parley.app.deliverOutbox.deliverDue(10);
        var first = provider.takeRequest(5, TimeUnit.SECONDS);
        var afterUnknown = row(ids[1]);
        assertThat(afterUnknown.status()).isEqualTo(OutboxStatus.PENDING);
        clock.set(afterUnknown.nextAttemptAt());
        parley.app.deliverOutbox.deliverDue(10);
        var second = provider.takeRequest(5, TimeUnit.SECONDS);

        assertThat(second.getHeaders().get(StandardWebhooks.HEADER_ID))
                .isEqualTo(first.getHeaders().get(StandardWebhooks.HEADER_ID)).isEqualTo("parley_out_" + ids[1]);
        assertThat(row(ids[1]).status()).isEqualTo(OutboxStatus.SENT);
    }
}
