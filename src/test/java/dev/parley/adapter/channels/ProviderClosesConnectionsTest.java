package dev.parley.adapter.channels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.http.signature.StandardWebhooks;
import dev.parley.adapter.telegram.TelegramSender;
import dev.parley.application.ManualClock;
import dev.parley.application.outbox.Sender;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.ScriptedPlaybook;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A provider (or a proxy, or an idle timeout in front of it) that answers at once and closes each connection after its
 * answer without saying so: a request that never reached it is not a maybe-sent message. Before, the second request
 * went out on the pooled connection the provider had closed, failed after it was written, and 24 of 50 replies through
 * Twilio ended DELIVERY_UNKNOWN without ever having been requested.
 */
class ProviderClosesConnectionsTest {
    static final int REPLIES = 50;
    @TempDir Path home;
    final ManualClock clock = new ManualClock(Instant.parse("2026-06-01T10:00:00Z"));
    final MockWebServer provider = new MockWebServer();
    TestParley parley;

    @AfterEach
    void stop() {
        provider.close();
        if (parley != null) parley.close();
    }

    /** The three kinds of sender, each with the success answer of its provider. */
    enum Provider {
        TWILIO("sms", "+1555777%04d", http -> new TwilioSender(http.client, http.url, AtMostOnceDeliveryTest.SID,
                TestParley.TWILIO_TOKEN, "+15005550006"), n -> json(201, "{\"sid\":\"SM" + n + "\"}")),
        TELEGRAM("telegram", "42000%04d", http -> new TelegramSender(http.client, http.url, "4242:token"),
                n -> json(200, "{\"ok\":true,\"result\":{\"message_id\":" + n + "}}")),
        WEBHOOK("sms", "+1555888%04d", http -> new WebhookSender(http.client, http.url,
                StandardWebhooks.generateSecret(new java.security.SecureRandom()), Clock.systemUTC()),
                n -> new MockResponse.Builder().code(204));

        final String channel;
        final String address;
        final Function<Endpoint, Sender> sender;
        final Function<Integer, MockResponse.Builder> success;

        Provider(String channel, String address, Function<Endpoint, Sender> sender,
                 Function<Integer, MockResponse.Builder> success) {
            this.channel = channel;
            this.address = address;
            this.sender = sender;
            this.success = success;
        }

        static MockResponse.Builder json(int code, String body) {
            return new MockResponse.Builder().code(code).setHeader("Content-Type", "application/json").body(body);
        }
    }

    record Endpoint(OkHttpClient client, String url) {
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void fiftyRepliesThroughAProviderThatClosesEachConnectionAreFiftySent(Provider kind) throws Exception {
        var answered = new AtomicInteger();
        provider.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                // the answer at once, then the socket closed: no "Connection: close" warns the client
                return kind.success.apply(answered.incrementAndGet())
                        .onResponseEnd(new SocketEffect.CloseSocket()).build();
            }
        });
        provider.start();
        var http = new OkHttpClient.Builder().connectTimeout(2, TimeUnit.SECONDS).readTimeout(2, TimeUnit.SECONDS)
                .build();
        parley = TestParley.start(home, clock, Map.of(),
                kind.sender.apply(new Endpoint(http, provider.url("/").toString())),
                List.of(new ScriptedPlaybook(false)));
        parley.app.outboxLoop.close();
        var rows = new long[REPLIES];
        for (int i = 0; i < REPLIES; i++) rows[i] = start(kind.channel, kind.address.formatted(i));

        int handled = parley.app.deliverOutbox.deliverDue(2 * REPLIES);

        assertThat(handled).isEqualTo(REPLIES);
        var statuses = java.util.Arrays.stream(rows).mapToObj(id -> parley.app.transactions.inTransaction(
                s -> s.outbox().find(id)).orElseThrow()).collect(java.util.stream.Collectors.groupingBy(
                        r -> r.status(), java.util.stream.Collectors.mapping(r -> r.reason(),
                                java.util.stream.Collectors.toList())));
        assertThat(statuses).as("outbox rows by status, with their reasons").containsOnlyKeys(OutboxStatus.SENT);
        assertThat(statuses.get(OutboxStatus.SENT)).hasSize(REPLIES);
        assertThat(provider.getRequestCount()).as("requests the provider received").isEqualTo(REPLIES);
    }

    /** The hung provider still counts as maybe sent: one request, then DELIVERY_UNKNOWN with its cause and phase. */
    @Test
    void aProviderThatNeverAnswersLeavesTheReplyUnknownNamingTheCauseAndThePhase() throws Exception {
        provider.enqueue(new MockResponse.Builder().onResponseStart(SocketEffect.Stall.INSTANCE).build());
        provider.start();
        var http = new OkHttpClient.Builder().readTimeout(1, TimeUnit.SECONDS).build();
        parley = TestParley.start(home, clock, Map.of(), new TwilioSender(http, provider.url("/").toString(),
                AtMostOnceDeliveryTest.SID, TestParley.TWILIO_TOKEN, "+15005550006"),
                List.of(new ScriptedPlaybook(false)));
        parley.app.outboxLoop.close();
        long row = start("sms", "+15557770999");

        parley.app.deliverOutbox.deliverDue(10);
        clock.advance(java.time.Duration.ofHours(1));
        parley.app.deliverOutbox.deliverDue(10);

        var unknown = parley.app.transactions.inTransaction(s -> s.outbox().find(row)).orElseThrow();
        assertThat(unknown.status()).isEqualTo(OutboxStatus.DELIVERY_UNKNOWN);
        assertThat(unknown.reason()).isEqualTo("no answer from twilio: SocketTimeoutException while waiting for the "
                + "answer (the request had left, new connection)");
        assertThat(provider.getRequestCount()).isEqualTo(1);
    }

    private long start(String channel, String to) {
        var response = parley.http().apiPost("/api/conversations", "{\"playbook\":\"scripted\",\"channel\":\""
                + channel + "\",\"to\":\"" + to + "\",\"text\":\"hello\",\"actor\":\"ops@example.test\"}");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return ParleyHttp.json(response).get("outbox_id").asLong();
    }
}
