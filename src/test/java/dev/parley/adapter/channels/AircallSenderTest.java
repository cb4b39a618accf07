package dev.parley.adapter.channels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.JsonMappers;
import dev.parley.application.outbox.Sender;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.TestParley;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import okhttp3.Credentials;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sending through the Aircall Public API (a MockWebServer standing in for api.aircall.io). */
class AircallSenderTest {
    static final String API_ID = "a1b2c3d4e5";
    static final String API_TOKEN = "f6e5d4c3b2a1";
    final MockWebServer aircall = new MockWebServer();
    AircallSender sender;

    @BeforeEach
    void start() throws Exception {
        aircall.start();
        sender = new AircallSender(new OkHttpClient.Builder().callTimeout(10, TimeUnit.SECONDS).build(),
                aircall.url("/").toString(), API_ID, API_TOKEN, "84848484");
    }

    @AfterEach
    void stop() {
        aircall.close();
    }

    static MockResponse sent(String id) {
        return new MockResponse.Builder().code(201).setHeader("Content-Type", "application/json")
                .body("{\"id\":\"" + id + "\",\"status\":\"pending\",\"direction\":\"outbound\","
                        + "\"direct_link\":\"https://api.aircall.io/v1/numbers/84848484/messages/" + id + "\","
                        + "\"raw_digits\":\"13135550101\",\"body\":\"Found 2 options\"}").build();
    }

    @Test
    void postsJsonWithBasicAuthToTheNumbersSendEndpoint() throws Exception {
        aircall.enqueue(sent("abcdSMc6Dc8ea2bc71ab19102c3de4f60ba18aa"));
        var result = sender.send(new Sender.OutgoingMessage(7, "aircall", "+13135550101", "+13135550101", null, null,
                "Found 2 options"));
        assertThat(result).isEqualTo(new Sender.Delivered("abcdSMc6Dc8ea2bc71ab19102c3de4f60ba18aa"));
        var request = aircall.takeRequest(5, TimeUnit.SECONDS);
        assertThat(request.getMethod()).isEqualTo("POST");
        assertThat(request.getUrl().encodedPath()).isEqualTo("/v1/numbers/84848484/messages/send");
        assertThat(request.getHeaders().get("Authorization")).isEqualTo(Credentials.basic(API_ID, API_TOKEN));
        assertThat(request.getHeaders().get("Content-Type")).startsWith("application/json");
        var body = JsonMappers.PLAIN.readTree(request.getBody().utf8());
        assertThat(body.get("to").asText()).isEqualTo("+13135550101");
        assertThat(body.get("body").asText()).isEqualTo("Found 2 options");
    }

    @Test
    void aConversationThatArrivedOnAnotherAircallNumberIsAnsweredFromIt() throws Exception {
        aircall.enqueue(sent("m-1"));
        aircall.enqueue(sent("m-2"));
        sender.send(new Sender.OutgoingMessage(8, "aircall", "+13135550101", "+13135550101", "5678", null, "hi"));
        assertThat(aircall.takeRequest(5, TimeUnit.SECONDS).getUrl().encodedPath())
                .isEqualTo("/v1/numbers/5678/messages/send");
        // a recipient that is not a number id (an older receipt kept our number's digits): the configured number
        sender.send(new Sender.OutgoingMessage(9, "aircall", "+13135550101", "+13135550101", "+12485550100", null,
                "hi"));
        assertThat(aircall.takeRequest(5, TimeUnit.SECONDS).getUrl().encodedPath())
                .isEqualTo("/v1/numbers/84848484/messages/send");
    }

    @Test
    void notTakenIsRetriedMaybeTakenIsUnknownRefusedIsPermanent() {
        aircall.enqueue(new MockResponse.Builder().code(429).body("{\"error\":\"Too Many Requests\"}").build());
        aircall.enqueue(new MockResponse.Builder().code(503).body("").build());
        aircall.enqueue(new MockResponse.Builder().code(500).body("").build());
        aircall.enqueue(new MockResponse.Builder().code(400).setHeader("Content-Type", "application/json")
                .body("{\"error\":\"Bad Request\",\"troubleshoot\":\"+13135550101 is not a valid number\"}").build());
        var message = new Sender.OutgoingMessage(8, "aircall", "+13135550101", "+13135550101", null, null, "hi");
        assertThat(sender.send(message)).isInstanceOf(Sender.Retryable.class);
        assertThat(sender.send(message)).isInstanceOf(Sender.Retryable.class);
        // A 500 may come after Aircall created the message: never repeated by itself (Aircall is not idempotent).
        assertThat(sender.send(message)).isInstanceOf(Sender.Unknown.class);
        assertThat(sender.idempotent()).isFalse();
        var permanent = sender.send(message);
        assertThat(permanent).isInstanceOf(Sender.Permanent.class);
        assertThat(((Sender.Permanent) permanent).reason()).isEqualTo("aircall HTTP 400 Bad Request")
                .doesNotContain("555");
    }

    @Test
    void noAnswerAfterTheRequestLeftIsUnknown() {
        aircall.enqueue(new MockResponse.Builder().code(201).headersDelay(3, TimeUnit.SECONDS).body("{}").build());
        var impatient = new AircallSender(new OkHttpClient.Builder().readTimeout(300, TimeUnit.MILLISECONDS).build(),
                aircall.url("/").toString(), API_ID, API_TOKEN, "84848484");
        var result = impatient.send(new Sender.OutgoingMessage(10, "aircall", "+13135550101", "+13135550101", null,
                null, "hi"));
        assertThat(result).isInstanceOf(Sender.Unknown.class);
    }

    @Test
    void anUnreachableApiIsRetried() {
        aircall.close();
        var result = sender.send(new Sender.OutgoingMessage(9, "aircall", "+13135550101", "+13135550101", null, null, "hi"));
        assertThat(result).isInstanceOf(Sender.Retryable.class);
    }

    /**
     * An Aircall text in, the buyer-sms reply out through Aircall: the whole loop on a running Parley. The default
     * sender stays {@code local}: the {@code aircall} channel is routed to the Aircall API (ChannelSenders), and a
     * conversation on another channel does not go through Aircall.
     */
    @Test
    void aBuyersTextIsAnsweredThroughAircall(@TempDir Path home) throws Exception {
        aircall.enqueue(sent("reply-1"));
        try (var parley = TestParley.start(home, Clock.systemUTC(), Map.of(ConfigKey.WEBHOOKS_AIRCALL_TOKEN,
                "token-0123456789", ConfigKey.WEBHOOKS_AIRCALL_PLAYBOOK, "buyer-sms",
                ConfigKey.AIRCALL_BASE_URL, aircall.url("/").toString(), ConfigKey.AIRCALL_API_ID, API_ID,
                ConfigKey.AIRCALL_API_TOKEN, API_TOKEN, ConfigKey.AIRCALL_NUMBER_ID, "84848484"), null)) {
            parley.app.worker.close();
            parley.app.outboxLoop.close();
            var http = parley.http();
            var response = http.send(http.request("/webhooks/aircall").header("content-type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(dev.parley.testing.AircallEvents.messageReceived(
                            "token-0123456789", "in-1", "+13135550401", "hi there", 5))).build());
            assertThat(response.statusCode()).isEqualTo(202);
            parley.app.worker.drain();
            parley.app.deliverOutbox.deliverDue(10);
            var request = aircall.takeRequest(5, TimeUnit.SECONDS);
            assertThat(request).as("the reply reached Aircall").isNotNull();
            assertThat(request.getUrl().encodedPath()).as("answered from the number the buyer texted (id 5), not "
                    + "the configured 84848484").isEqualTo("/v1/numbers/5/messages/send");
            var body = JsonMappers.PLAIN.readTree(request.getBody().utf8());
            assertThat(body.get("to").asText()).isEqualTo("+13135550401");
            assertThat(body.get("body").asText()).isEqualTo("Hey! I help find warehouse space. Tell me what you "
                    + "need — size, city, what you're storing. I'll find options fast. (Reply STOP anytime to opt "
                    + "out.)");
            var row = parley.app.transactions.inTransaction(
                    (dev.parley.application.store.Store s) -> s.outbox().byStatus(OutboxStatus.SENT, 10)).getFirst();
            var last = parley.app.transactions.inTransaction(
                    (dev.parley.application.store.Store s) -> s.messages().ofConversation(row.conversationId()))
                    .getLast();
            assertThat(last.providerId()).isEqualTo("reply-1");

            // An operator's text on the sms channel leaves through the default sender (local), not Aircall.
            var started = parley.app.startConversation.start(new dev.parley.application.operator.StartConversation
                    .Command(null, "sms", "+13135550402", "Hello from the desk", "Dana"));
            parley.app.deliverOutbox.deliverDue(10);
            var sms = parley.app.transactions.inTransaction(
                    (dev.parley.application.store.Store s) -> s.outbox().find(started.outboxId())).orElseThrow();
            assertThat(sms.status()).isEqualTo(OutboxStatus.SENT);
            assertThat(aircall.getRequestCount()).as("only the aircall conversation went through Aircall").isEqualTo(1);
        }
    }
}
