package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.adapter.http.signature.TwilioSignature;
import dev.parley.adapter.http.webhook.FormBody;
import dev.parley.domain.limit.FieldLimit;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every stored field against its {@link FieldLimit} over real HTTP: one character over is 400 naming the field and
 * stores nothing (never 503, which would make the provider retry forever); exactly at the limit is stored.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FieldLimitsHttpTest {
    static final TwilioSignature TWILIO = new TwilioSignature(TestParley.TWILIO_TOKEN);
    final AtomicInteger ids = new AtomicInteger();
    TestParley parley;
    ParleyHttp http;

    @BeforeAll
    void start(@TempDir Path home) {
        parley = TestParley.start(home);
        http = parley.http();
    }

    @AfterAll
    void stop() {
        parley.close();
    }

    long storedRows() {
        return parley.inboxCounts().values().stream().mapToLong(Long::longValue).sum();
    }

    HttpResponse<String> generic(String field, String value) {
        var id = "limit-" + ids.incrementAndGet();
        var body = (ObjectNode) ParleyHttp.JSON.createObjectNode().put("id", id).put("channel", "sms")
                .put("from", "+15550100" + ids.get()).put("text", "hello");
        body.put(field, value);
        return http.postGeneric("wh-" + id, body.toString(), Clock.systemUTC());
    }

    HttpResponse<String> twilio(String field, String value) {
        var params = new LinkedHashMap<String, String>();
        params.put("MessageSid", "SMlimit" + ids.incrementAndGet());
        params.put("AccountSid", "AC0123456789abcdef0123456789abcdef");
        params.put("From", "+15550200" + ids.get());
        params.put("To", "+15005550006");
        params.put("Body", "hello");
        params.put(field, value);
        var form = new StringBuilder();
        params.forEach((k, v) -> form.append(form.isEmpty() ? "" : "&").append(k).append('=')
                .append(URLEncoder.encode(v, StandardCharsets.UTF_8)));
        var url = "http://127.0.0.1:" + parley.app.port() + "/webhooks/twilio";
        var signature = TWILIO.compute(url, FormBody.parse(form.toString().getBytes(StandardCharsets.UTF_8)).asMap());
        return http.send(http.request("/webhooks/twilio").header("Content-Type", "application/x-www-form-urlencoded")
                .header(TwilioSignature.HEADER, signature)
                .POST(HttpRequest.BodyPublishers.ofString(form.toString())).build());
    }

    static void assertInvalid(HttpResponse<String> response, String field, FieldLimit limit) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        var json = ParleyHttp.json(response);
        assertThat(json.get("error").asText()).isEqualTo("invalid_request");
        assertThat(json.get("field").asText()).isEqualTo(field);
        assertThat(json.get("detail").asText()).contains(Integer.toString(limit.max()));
    }

    /** A value of {@code length} digits (what addresses hold), unique so that no two ids collide. */
    String ofLength(int length) {
        var unique = Integer.toString(ids.incrementAndGet());
        return unique + "5".repeat(length - unique.length());
    }

    @ParameterizedTest
    @CsvSource({"id, PROVIDER_ID", "from, ADDRESS", "to, ADDRESS", "conversation, CONVERSATION_KEY",
            "reply_to, PROVIDER_ID", "playbook, PLAYBOOK", "sender_name, DISPLAY_NAME", "text, MESSAGE_TEXT"})
    void genericWebhookFieldOverItsLimitIs400NamingItAndAtItsLimitIsStored(String field, FieldLimit limit) {
        long before = storedRows();
        assertInvalid(generic(field, ofLength(limit.max() + 1)), field, limit);
        assertThat(storedRows()).isEqualTo(before);

        var atLimit = generic(field, ofLength(limit.max()));
        assertThat(atLimit.statusCode()).as(atLimit.body()).isEqualTo(202);
        assertThat(storedRows()).isEqualTo(before + 1);
    }

    @ParameterizedTest
    @CsvSource({"MessageSid, PROVIDER_ID", "From, ADDRESS", "To, ADDRESS", "ProfileName, DISPLAY_NAME",
            "Body, MESSAGE_TEXT"})
    void twilioFieldOverItsLimitIs400NamingItAndAtItsLimitIsStored(String field, FieldLimit limit) {
        long before = storedRows();
        assertInvalid(twilio(field, ofLength(limit.max() + 1)), field, limit);
        assertThat(storedRows()).isEqualTo(before);

        var atLimit = twilio(field, ofLength(limit.max()));
        assertThat(atLimit.statusCode()).as(atLimit.body()).isEqualTo(200);
        assertThat(storedRows()).isEqualTo(before + 1);
    }

    @Test
    void twilioAddressesAreMeasuredAsStoredWithoutTheirWhatsappPrefix() {
        var atLimit = twilio("From", "whatsapp:" + ofLength(FieldLimit.ADDRESS.max()));
        assertThat(atLimit.statusCode()).as(atLimit.body()).isEqualTo(200);
        assertInvalid(twilio("From", "whatsapp:" + ofLength(FieldLimit.ADDRESS.max() + 1)), "From",
                FieldLimit.ADDRESS);
    }

    @Test
    void textIsCountedInCodePointsOnEveryChannel() {
        var emoji = "\uD83D\uDE00".repeat(FieldLimit.MESSAGE_TEXT.max());
        assertThat(generic("text", emoji).statusCode()).isEqualTo(202);
        assertThat(twilio("Body", emoji).statusCode()).isEqualTo(413); // 16,000 emoji are 192 KB form-encoded
        assertInvalid(generic("text", emoji + "\uD83D\uDE00"), "text", FieldLimit.MESSAGE_TEXT);
    }

    @Test
    void operatorApiFieldsOverTheirLimitsAre400NamingThem() {
        var started = http.apiPost("/api/conversations", "{\"channel\":\"sms\",\"to\":\"+15550300\",\"text\":\"hi\","
                + "\"actor\":\"ops\"}");
        assertThat(started.statusCode()).as(started.body()).isEqualTo(201);
        long id = ParleyHttp.json(started).get("id").asLong();

        assertInvalid(http.apiPost("/api/conversations", "{\"to\":\"" + ofLength(256) + "\",\"text\":\"hi\","
                + "\"actor\":\"ops\"}"), "to", FieldLimit.ADDRESS);
        assertInvalid(http.apiPost("/api/conversations/" + id + "/reply", "{\"text\":\""
                + "x".repeat(FieldLimit.MESSAGE_TEXT.max() + 1) + "\",\"actor\":\"ops\"}"), "text",
                FieldLimit.MESSAGE_TEXT);
        assertInvalid(http.apiPost("/api/conversations/" + id + "/reply", "{\"text\":\"ok\",\"actor\":\""
                + "o".repeat(FieldLimit.ACTOR.max() + 1) + "\"}"), "actor", FieldLimit.ACTOR);
        assertInvalid(http.apiPost("/api/conversations/" + id + "/unblock", "{\"resume_state\":\"Open\",\"note\":\""
                + "n".repeat(FieldLimit.NOTE.max() + 1) + "\",\"actor\":\"ops\"}"), "note", FieldLimit.NOTE);
    }

    @Test
    void externalEventDataLargerThanItsColumnIs400NamingData() {
        var started = http.apiPost("/api/conversations", "{\"channel\":\"sms\",\"to\":\"+15550301\",\"text\":\"hi\","
                + "\"actor\":\"ops\"}");
        long id = ParleyHttp.json(started).get("id").asLong();
        // The first message's own events (its safety decision when the outbox takes it) come first.
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10)).until(() -> parley.app.find
                .detail(id).outbox().stream().allMatch(o -> o.status() != dev.parley.domain.message.OutboxStatus.PENDING
                        && o.status() != dev.parley.domain.message.OutboxStatus.SENDING));
        var eventsBefore = parley.app.find.detail(id).events().size();

        var tooLarge = http.apiPost("/api/conversations/" + id + "/events", "{\"name\":\"tour_confirmed\","
                + "\"data\":{\"slot\":\"" + "m".repeat(FieldLimit.EVENT_DETAIL.max()) + "\"},\"actor\":\"ops\"}");
        assertInvalid(tooLarge, "data", FieldLimit.EVENT_DETAIL);
        assertThat(parley.app.find.detail(id).events()).hasSize(eventsBefore);

        var fits = http.apiPost("/api/conversations/" + id + "/events", "{\"name\":\"tour_confirmed\","
                + "\"data\":{\"slot\":\"" + "m".repeat(FieldLimit.EVENT_DETAIL.max() - 100) + "\"},\"actor\":\"ops\"}");
        assertThat(fits.statusCode()).as(fits.body()).isEqualTo(202);
    }

    @Test
    void everyLimitIsReportedInTheDetailWithoutEchoingTheValue() {
        var response = generic("from", "+1555" + ofLength(300));
        assertThat(response.body()).doesNotContain("+1555").contains("\"field\":\"from\"");
        assertThat(Map.of("detail", ParleyHttp.json(response).get("detail").asText()))
                .containsEntry("detail", "longer than 255 characters");
    }
}
