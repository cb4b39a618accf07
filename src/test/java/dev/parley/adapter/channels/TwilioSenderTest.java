package dev.parley.adapter.channels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.application.ManualClock;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.ScriptedPlaybook;
import dev.parley.testing.TestParley;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.Credentials;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The outbox sending through Twilio's Messages API (a MockWebServer standing in for api.twilio.com). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TwilioSenderTest {
    static final String SID = "AC0123456789abcdef0123456789abcdef";
    static final String FROM = "+15005550006";
    final ManualClock clock = new ManualClock(Instant.parse("2026-06-01T10:00:00Z"));
    final MockWebServer twilio = new MockWebServer();
    TestParley parley;
    ParleyHttp http;

    @BeforeAll
    void start(@TempDir Path home) throws IOException {
        twilio.start();
        parley = TestParley.start(home, clock, Map.of(ConfigKey.SENDER, "twilio",
                ConfigKey.TWILIO_BASE_URL, twilio.url("/").toString(), ConfigKey.TWILIO_ACCOUNT_SID, SID,
                ConfigKey.TWILIO_FROM, FROM), null, List.of(new ScriptedPlaybook(false)));
        // Deliveries are driven by the test through deliverDue, on the manual clock.
        parley.app.outboxLoop.close();
        http = parley.http();
    }

    @AfterAll
    void stop() {
        parley.close();
        twilio.close();
    }

    static MockResponse created(String sid) {
        return new MockResponse.Builder().code(201).setHeader("Content-Type", "application/json")
                .body("{\"sid\":\"" + sid + "\",\"status\":\"queued\",\"error_code\":null}").build();
    }

    static MockResponse error(int status, int code, String message) {
        return new MockResponse.Builder().code(status).setHeader("Content-Type", "application/json")
                .body("{\"code\":" + code + ",\"message\":\"" + message + "\",\"status\":" + status + "}").build();
    }

    long[] startConversation(String channel, String to, String text) {
        var response = http.apiPost("/api/conversations", "{\"playbook\":\"scripted\",\"channel\":\"" + channel
                + "\",\"to\":\"" + to + "\",\"text\":\"" + text + "\",\"actor\":\"ops@example.test\"}");
        assertThat(response.statusCode()).isEqualTo(201);
        var json = ParleyHttp.json(response);
        return new long[] {json.get("id").asLong(), json.get("outbox_id").asLong()};
    }

    OutboxEntry row(long outboxId) {
        return parley.app.database.transactions().inTransaction(s -> s.outbox().find(outboxId)).orElseThrow();
    }

    RecordedRequest take() throws InterruptedException {
        var request = twilio.takeRequest(5, TimeUnit.SECONDS);
        assertThat(request).as("a request reached Twilio").isNotNull();
        return request;
    }

    static Map<String, String> form(RecordedRequest request) {
        var url = HttpUrl.get("http://x/?" + request.getBody().utf8());
        var fields = new java.util.LinkedHashMap<String, String>();
        for (var name : url.queryParameterNames()) fields.put(name, url.queryParameter(name));
        return fields;
    }

    @Test
    void postsTheMessageFormWithBasicAuthAndMarksSent() throws Exception {
        twilio.enqueue(created("SM11111111111111111111111111111111"));
        var ids = startConversation("sms", "+15554440001", "Hello from Parley");

        assertThat(parley.app.deliverOutbox.deliverDue(10)).isEqualTo(1);

        var request = take();
        assertThat(request.getMethod()).isEqualTo("POST");
        assertThat(request.getUrl().encodedPath()).isEqualTo("/2010-04-01/Accounts/" + SID + "/Messages.json");
        assertThat(request.getHeaders().get("Authorization"))
                .isEqualTo(Credentials.basic(SID, TestParley.TWILIO_TOKEN));
        assertThat(request.getHeaders().get("Content-Type")).startsWith("application/x-www-form-urlencoded");
        assertThat(form(request)).containsExactlyInAnyOrderEntriesOf(
                Map.of("To", "+15554440001", "From", FROM, "Body", "Hello from Parley"));
        assertThat(row(ids[1]).status()).isEqualTo(OutboxStatus.SENT);
        assertThat(parley.app.find.detail(ids[0]).messages()).anySatisfy(
                m -> assertThat(m.providerId()).isEqualTo("SM11111111111111111111111111111111"));
    }

    @Test
    void concurrentDeliverersSendARowOnce() throws Exception {
        var queue = twilio.getDispatcher();
        twilio.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                return created("SM44444444444444444444444444444444");
            }
        });
        var ids = startConversation("sms", "+15554440004", "Exactly once");
        int before = twilio.getRequestCount();

        var start = new java.util.concurrent.CyclicBarrier(2);
        try (var pool = java.util.concurrent.Executors.newFixedThreadPool(2)) {
            var a = pool.submit(() -> {
                start.await();
                return parley.app.deliverOutbox.deliverDue(10);
            });
            var b = pool.submit(() -> {
                start.await();
                return parley.app.deliverOutbox.deliverDue(10);
            });
            a.get();
            b.get();
        }

        int sent = twilio.getRequestCount() - before;
        for (int i = 0; i < sent; i++) take();
        twilio.setDispatcher(queue);
        assertThat(row(ids[1]).status()).isEqualTo(OutboxStatus.SENT);
        assertThat(sent).as("requests to Twilio").isEqualTo(1);
    }

    @Test
    void whatsappAddressesCarryThePrefix() throws Exception {
        twilio.enqueue(created("SM22222222222222222222222222222222"));
        var ids = startConversation("whatsapp", "+31612345678", "Hallo");

        parley.app.deliverOutbox.deliverDue(10);

        var fields = form(take());
        assertThat(fields).containsEntry("To", "whatsapp:+31612345678").containsEntry("From", "whatsapp:" + FROM);
        assertThat(row(ids[1]).status()).isEqualTo(OutboxStatus.SENT);
    }

    @Test
    void unavailableIsRetriedAfterBackoffThenSent() throws Exception {
        twilio.enqueue(error(503, 20503, "Service Unavailable"));
        var ids = startConversation("sms", "+15554440002", "Try again");

        parley.app.deliverOutbox.deliverDue(10);
        var first = take();
        var afterFailure = row(ids[1]);
        assertThat(afterFailure.status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(afterFailure.attempts()).isEqualTo(1);
        assertThat(afterFailure.reason()).contains("503");
        assertThat(afterFailure.nextAttemptAt()).isAfter(clock.instant());
        assertThat(parley.app.deliverOutbox.deliverDue(10)).as("not due during its backoff").isZero();

        twilio.enqueue(created("SM33333333333333333333333333333333"));
        clock.set(afterFailure.nextAttemptAt());
        assertThat(parley.app.deliverOutbox.deliverDue(10)).isEqualTo(1);

        var second = take();
        assertThat(second.getBody().utf8()).isEqualTo(first.getBody().utf8());
        assertThat(row(ids[1]).status()).isEqualTo(OutboxStatus.SENT);
        assertThat(row(ids[1]).attempts()).isEqualTo(2);
    }

    @Test
    void internalServerErrorLeavesTheDeliveryUnknownAndIsNeverSentAgainByItself() throws Exception {
        twilio.enqueue(error(500, 20500, "Internal Server Error"));
        var ids = startConversation("sms", "+15554440005", "Did this arrive?");
        int before = twilio.getRequestCount();

        parley.app.deliverOutbox.deliverDue(10);
        take();
        var unknown = row(ids[1]);
        assertThat(unknown.status()).isEqualTo(OutboxStatus.DELIVERY_UNKNOWN);
        assertThat(unknown.reason()).contains("500");

        clock.advance(Duration.ofHours(1));
        parley.app.deliverOutbox.deliverDue(10);
        assertThat(twilio.getRequestCount() - before).as("requests to Twilio").isEqualTo(1);
        assertThat(row(ids[1]).status()).isEqualTo(OutboxStatus.DELIVERY_UNKNOWN);
    }

    @Test
    void unsubscribedRecipientOptsTheContactOutAndLaterMessagesAreDenied() throws Exception {
        twilio.enqueue(error(400, 21610, "Attempt to send to unsubscribed recipient"));
        var address = "+15554440003";
        var ids = startConversation("sms", address, "Are you still interested?");

        parley.app.deliverOutbox.deliverDue(10);
        take();

        var refused = row(ids[1]);
        assertThat(refused.status()).isEqualTo(OutboxStatus.DENIED);
        assertThat(refused.reason()).contains("21610");
        var contact = parley.app.find.detail(ids[0]).contact();
        assertThat(contact.status()).isEqualTo(ContactStatus.OPTED_OUT);
        int requestsSoFar = twilio.getRequestCount();

        // An operator's explicit reply passes a block, never an opt-out.
        var reply = http.apiPost("/api/conversations/" + ids[0] + "/reply",
                "{\"text\":\"Sorry to bother you\",\"actor\":\"ops@example.test\"}");
        assertThat(reply.statusCode()).isEqualTo(202);
        var denied = row(ParleyHttp.json(reply).get("outbox_id").asLong());
        assertThat(denied.status()).isEqualTo(OutboxStatus.DENIED);
        assertThat(denied.reason()).isEqualTo("contact opted out");

        // Neither does an automated reply.
        long processed = parley.inboxCounts().get(InboxStatus.PROCESSED);
        assertThat(http.postGeneric("wh-optout", ParleyHttp.message("optout-1", "sms", address, "echo hello?"), clock)
                .statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> parley.inboxCounts().get(InboxStatus.PROCESSED) > processed);
        assertThat(parley.app.find.detail(ids[0]).outbox()).filteredOn(o -> o.purpose().equals("echo"))
                .singleElement().satisfies(o -> {
                    assertThat(o.status()).isEqualTo(OutboxStatus.DENIED);
                    assertThat(o.reason()).isEqualTo("contact opted out");
                });

        assertThat(parley.app.deliverOutbox.deliverDue(10)).isZero();
        assertThat(twilio.getRequestCount()).isEqualTo(requestsSoFar);
    }
}
