package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.adapter.http.signature.StandardWebhooks;
import dev.parley.application.ManualClock;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The generic (Standard Webhooks) endpoint over real HTTP, against a real H2 store. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GenericWebhookHttpTest {
    static final long SPEC_TS = 1614265330L;
    static final String SPEC_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    static final String SPEC_BODY = "{\"test\": 2432232314}";
    static final String SPEC_SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

    final ManualClock clock = new ManualClock(Instant.ofEpochSecond(SPEC_TS));
    TestParley parley;
    ParleyHttp http;

    @BeforeAll
    void start(@TempDir Path home) {
        parley = TestParley.start(home, clock, Map.of(), null);
        http = parley.http();
    }

    @AfterAll
    void stop() {
        parley.close();
    }

    long storedRows() {
        return parley.inboxCounts().values().stream().mapToLong(Long::longValue).sum();
    }

    HttpResponse<String> post(String id, String timestamp, String signature, String body) {
        var request = http.request("/webhooks/generic");
        if (id != null) request.header(StandardWebhooks.HEADER_ID, id);
        if (timestamp != null) request.header(StandardWebhooks.HEADER_TIMESTAMP, timestamp);
        if (signature != null) request.header(StandardWebhooks.HEADER_SIGNATURE, signature);
        return http.send(request.POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    String sign(String id, long ts, String body) {
        return StandardWebhooks.of(TestParley.SECRET, clock).sign(id, ts, body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void specVectorPassesTheSignatureCheckAndIsThenRefusedForItsMissingFields() {
        long before = storedRows();
        var response = post(SPEC_ID, Long.toString(SPEC_TS), SPEC_SIGNATURE, SPEC_BODY);

        assertThat(response.statusCode()).isEqualTo(400);
        var body = ParleyHttp.json(response);
        assertThat(body.get("error").asText()).isEqualTo("invalid_request");
        assertThat(body.get("field").asText()).isEqualTo("id");
        assertThat(body.get("detail").asText()).isNotBlank();
        assertThat(storedRows()).isEqualTo(before);
    }

    @Test
    void wrongSignatureIs401WithNoDetail() {
        var response = post(SPEC_ID, Long.toString(SPEC_TS), "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OF=",
                SPEC_BODY);

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.body()).isEqualTo("{\"error\":\"unauthorized\"}");
    }

    @Test
    void signatureOverAnotherBodyIs401() {
        var body = ParleyHttp.message("SM-tamper", "sms", "+15550000001", "hello");
        var response = post("msg_tamper", Long.toString(SPEC_TS), sign("msg_tamper", SPEC_TS, body + " "), body);

        assertThat(response.statusCode()).isEqualTo(401);
    }

    @Test
    void missingSignatureOrHeadersIs401() {
        var body = ParleyHttp.message("SM-unsigned", "sms", "+15550000002", "hello");
        long before = storedRows();

        assertThat(post("msg_unsigned", Long.toString(SPEC_TS), null, body).statusCode()).isEqualTo(401);
        assertThat(post(null, null, null, body).statusCode()).isEqualTo(401);
        assertThat(post(null, Long.toString(SPEC_TS), sign("msg_x", SPEC_TS, body), body).statusCode())
                .isEqualTo(401);
        assertThat(storedRows()).isEqualTo(before);
    }

    @Test
    void timestampOutsideFiveMinutesIs401() {
        var body = ParleyHttp.message("SM-stale", "sms", "+15550000003", "hello");
        long old = SPEC_TS - 301;
        long future = SPEC_TS + 301;

        assertThat(post("msg_old", Long.toString(old), sign("msg_old", old, body), body).statusCode())
                .isEqualTo(401);
        assertThat(post("msg_future", Long.toString(future), sign("msg_future", future, body), body).statusCode())
                .isEqualTo(401);
        long edge = SPEC_TS - 299;
        assertThat(post("msg_edge", Long.toString(edge), sign("msg_edge", edge, body), body).statusCode())
                .isEqualTo(202);
    }

    @Test
    void oneValidSignatureAmongSeveralIsAccepted() {
        var body = ParleyHttp.message("SM-multi", "sms", "+15550000004", "hello");
        var header = "v1,bm90IHRoZSByaWdodCBvbmU= v2,c29tZXRoaW5nIGVsc2U= " + sign("msg_multi", SPEC_TS, body);

        var response = post("msg_multi", Long.toString(SPEC_TS), header, body);

        assertThat(response.statusCode()).isEqualTo(202);
        assertThat(ParleyHttp.json(response).get("duplicate").asBoolean()).isFalse();
    }

    @Test
    void sameProviderIdIsStoredAndProcessedOnce() {
        var body = ParleyHttp.message("SM-dupe", "chat", "user-dupe", "only once");

        var first = http.postGeneric("msg_dupe_1", body, clock);
        var second = http.postGeneric("msg_dupe_2", body, clock);
        var third = http.postGeneric("msg_dupe_1", body, clock);

        assertThat(first.statusCode()).isEqualTo(202);
        long id = ParleyHttp.json(first).get("message_id").asLong();
        for (var again : new HttpResponse[] {second, third}) {
            assertThat(again.statusCode()).isEqualTo(200);
            var json = ParleyHttp.json((HttpResponse<String>) again);
            assertThat(json.get("duplicate").asBoolean()).isTrue();
            assertThat(json.get("message_id").asLong()).isEqualTo(id);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> parley.app.database.transactions()
                .inTransaction(s -> s.inbox().find(id)).orElseThrow().status() == InboxStatus.PROCESSED);
        var conversation = parley.app.find.page(new dev.parley.application.store.ConversationQuery("chat",
                "user-dupe", null, null, 10, null, null));
        assertThat(conversation).hasSize(1);
        var detail = parley.app.find.detail(conversation.getFirst().id());
        assertThat(detail.messages()).filteredOn(m -> m.direction() == Direction.IN).hasSize(1);
        assertThat(detail.events()).filteredOn(e -> e.type().equals("message_recorded")).hasSize(1);
    }

    @Test
    void malformedOrIncompleteBodiesAre400NamingTheFieldAndNothingIsStored() {
        long before = storedRows();
        var cases = Map.of(
                "{\"id\": \"SM-bad\", \"from\": ", "body",
                "[1, 2]", "body",
                "{\"id\":\"SM-nofrom\",\"text\":\"hi\"}", "from",
                "{\"id\":\"SM-notext\",\"from\":\"+15550000005\"}", "text",
                "{\"id\":\"SM-blank\",\"from\":\"+15550000005\",\"text\":\"  \"}", "text",
                "{\"id\":\"SM-chan\",\"from\":\"+15550000005\",\"text\":\"hi\",\"channel\":\"pigeon\"}", "channel");
        int n = 0;
        for (var entry : cases.entrySet()) {
            var id = "msg_bad_" + n++;
            var response = post(id, Long.toString(SPEC_TS), sign(id, SPEC_TS, entry.getKey()), entry.getKey());

            assertThat(response.statusCode()).as(entry.getKey()).isEqualTo(400);
            var json = ParleyHttp.json(response);
            assertThat(json.get("error").asText()).isEqualTo("invalid_request");
            assertThat(json.get("field").asText()).as(entry.getKey()).isEqualTo(entry.getValue());
            assertThat(json.get("detail").asText()).isNotBlank();
        }
        assertThat(storedRows()).isEqualTo(before);
    }

    @Test
    void bodyOver64KiBIs413WhetherDeclaredOrChunked() throws Exception {
        long before = storedRows();
        var big = bigBody(200 * 1024);
        var signature = sign("msg_big", SPEC_TS, new String(big, StandardCharsets.UTF_8));

        var declared = http.send(http.request("/webhooks/generic")
                .header(StandardWebhooks.HEADER_ID, "msg_big")
                .header(StandardWebhooks.HEADER_TIMESTAMP, Long.toString(SPEC_TS))
                .header(StandardWebhooks.HEADER_SIGNATURE, signature)
                .POST(HttpRequest.BodyPublishers.ofByteArray(big)).build());
        assertThat(declared.statusCode()).isEqualTo(413);
        assertThat(ParleyHttp.json(declared).get("error").asText()).isEqualTo("payload_too_large");

        // No Content-Length: HttpClient sends a stream of unknown length chunked.
        var chunked = http.send(http.request("/webhooks/generic")
                .header(StandardWebhooks.HEADER_ID, "msg_big")
                .header(StandardWebhooks.HEADER_TIMESTAMP, Long.toString(SPEC_TS))
                .header(StandardWebhooks.HEADER_SIGNATURE, signature)
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))).build());
        assertThat(chunked.statusCode()).isEqualTo(413);

        assertThat(storedRows()).isEqualTo(before);
    }

    @Test
    void slowClientIsCutOff() throws Exception {
        long maxReqSeconds = Long.getLong("parley.listener.request_timeout", 10);
        try (var socket = new Socket("127.0.0.1", parley.app.port())) {
            socket.setSoTimeout((int) Duration.ofSeconds(maxReqSeconds + 5).toMillis());
            OutputStream out = socket.getOutputStream();
            out.write(("POST /webhooks/generic HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 500\r\n\r\n{\"id\":\"SM-slow\",").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            long started = System.nanoTime();

            int read = readUntilClosed(socket.getInputStream());

            var waited = Duration.ofNanos(System.nanoTime() - started);
            assertThat(read).as("server closed the connection without answering").isEqualTo(-1);
            assertThat(waited).isLessThan(Duration.ofSeconds(maxReqSeconds + 4));
        }
        assertThat(http.send(http.request("/health").GET().build()).statusCode()).isEqualTo(200);
    }

    private static int readUntilClosed(InputStream in) throws IOException {
        try {
            return in.read();
        } catch (SocketException reset) {
            return -1;
        }
    }

    private static byte[] bigBody(int size) {
        var prefix = "{\"id\":\"SM-big\",\"from\":\"+15550000006\",\"text\":\"";
        var sb = new StringBuilder(size).append(prefix);
        while (sb.length() < size - 2) sb.append('x');
        return sb.append("\"}").toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void insecureModeAcceptsUnsignedButStillChecksSignedRequests(@TempDir Path other) {
        try (var insecure = TestParley.start(other, Clock.systemUTC(),
                Map.of(ConfigKey.WEBHOOKS_GENERIC_INSECURE, "true"), null)) {
            var body = ParleyHttp.message("SM-insecure", "sms", "+15550000007", "no signature");
            var client = insecure.http();

            var unsigned = client.send(client.request("/webhooks/generic")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build());
            assertThat(unsigned.statusCode()).isEqualTo(202);

            var badlySigned = client.send(client.request("/webhooks/generic")
                    .header(StandardWebhooks.HEADER_ID, "msg_1")
                    .header(StandardWebhooks.HEADER_TIMESTAMP, Long.toString(Instant.now().getEpochSecond()))
                    .header(StandardWebhooks.HEADER_SIGNATURE, "v1,d3Jvbmc=")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            ParleyHttp.message("SM-insecure-2", "sms", "+15550000007", "bad"))).build());
            assertThat(badlySigned.statusCode()).isEqualTo(401);
        }
    }

    @Test
    void storageUnavailableIs503AndNeverAcknowledged(@TempDir Path other) throws Exception {
        try (var broken = TestParley.start(other)) {
            var client = broken.http();
            assertThat(client.postGeneric("msg_ok", ParleyHttp.message("SM-before", "sms", "+15550000008", "ok"),
                    Clock.systemUTC()).statusCode()).isEqualTo(202);

            ((AutoCloseable) broken.app.database.dataSource()).close();

            var response = client.postGeneric("msg_down",
                    ParleyHttp.message("SM-during", "sms", "+15550000008", "lost?"), Clock.systemUTC());
            assertThat(response.statusCode()).isEqualTo(503);
            assertThat(ParleyHttp.json(response).get("error").asText()).isEqualTo("store_unavailable");
            var duplicate = client.postGeneric("msg_ok2",
                    ParleyHttp.message("SM-before", "sms", "+15550000008", "ok"), Clock.systemUTC());
            assertThat(duplicate.statusCode()).isEqualTo(503);
            assertThat(client.send(client.request("/health").GET().build()).statusCode()).isEqualTo(503);
        }
    }
}
