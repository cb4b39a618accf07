package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.adapter.http.signature.TwilioSignature;
import dev.parley.adapter.http.webhook.FormBody;
import dev.parley.application.store.ConversationQuery;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.contact.Contact;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The Twilio endpoint over real HTTP: X-Twilio-Signature over the URL Twilio called, TwiML answer, storage. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TwilioWebhookHttpTest {
    static final TwilioSignature TWILIO = new TwilioSignature(TestParley.TWILIO_TOKEN);
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

    String localUrl() {
        return "http://127.0.0.1:" + parley.app.port() + "/webhooks/twilio";
    }

    static String sign(String url, String form) {
        return TWILIO.compute(url, FormBody.parse(form.getBytes(StandardCharsets.UTF_8)).asMap());
    }

    static HttpResponse<String> post(ParleyHttp client, String form, String signature) {
        var request = client.request("/webhooks/twilio").header("Content-Type", "application/x-www-form-urlencoded");
        if (signature != null) request.header(TwilioSignature.HEADER, signature);
        return client.send(request.POST(HttpRequest.BodyPublishers.ofString(form)).build());
    }

    static String smsForm(String sid, String from, String body) {
        return "ToCountry=US&SmsMessageSid=" + sid + "&NumMedia=0&SmsSid=" + sid + "&SmsStatus=received"
                + "&Body=" + URLEncoder.encode(body, StandardCharsets.UTF_8) + "&To=%2B15005550006&NumSegments=1"
                + "&MessageSid=" + sid + "&AccountSid=AC0123456789abcdef0123456789abcdef"
                + "&From=" + URLEncoder.encode(from, StandardCharsets.UTF_8) + "&ApiVersion=2010-04-01";
    }

    long storedRows() {
        return parley.inboxCounts().values().stream().mapToLong(Long::longValue).sum();
    }

    Contact contactOf(String channel, String key) {
        await().atMost(Duration.ofSeconds(10)).until(() -> !parley.app.find.page(
                new ConversationQuery(channel, key, null, null, 1, null, null)).isEmpty());
        var conversation = parley.app.find.page(new ConversationQuery(channel, key, null, null, 1, null, null))
                .getFirst();
        return parley.app.find.detail(conversation.id()).contact();
    }

    @Test
    void signedSmsIsAnsweredWithEmptyTwimlAndStored() {
        var form = smsForm("SM00000000000000000000000000000001", "+15551230001", "Hi there");

        var response = post(http, form, sign(localUrl(), form));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                v -> assertThat(v).startsWith("text/xml"));
        assertThat(response.body()).contains("<Response/>");
        var contact = contactOf("sms", "+15551230001");
        assertThat(contact.address()).isEqualTo("+15551230001");
        var conversation = parley.app.find.page(new ConversationQuery("sms", "+15551230001", null, null, 1, null,
                null)).getFirst();
        assertThat(parley.app.find.detail(conversation.id()).messages())
                .filteredOn(m -> m.direction() == Direction.IN)
                .singleElement().satisfies(m -> {
                    assertThat(m.text()).isEqualTo("Hi there");
                    assertThat(m.providerId()).isEqualTo("SM00000000000000000000000000000001");
                });
    }

    @Test
    void whatsappFixturesAreStoredOnTheWhatsappChannelWithoutThePrefix() throws IOException {
        var bodies = new ArrayList<String>();
        JsonNode fixtures;
        try (InputStream in = resource("botbuilder_twilio_whatsapp_payloads.json")) {
            fixtures = ParleyHttp.JSON.readTree(in);
        }
        fixtures.forEach(f -> bodies.add(f.get("raw_body").textValue()));
        try (InputStream in = resource("whatsapp_image_media.form")) {
            bodies.add(new String(in.readAllBytes(), StandardCharsets.UTF_8).strip());
        }
        List<String> sids = new ArrayList<>();
        for (var form : bodies) {
            var response = post(http, form, sign(localUrl(), form));
            assertThat(response.statusCode()).as(form).isEqualTo(200);
            assertThat(response.body()).contains("<Response/>");
            sids.add(FormBody.parse(form.getBytes(StandardCharsets.UTF_8)).first("MessageSid").orElseThrow());
        }

        var contact = contactOf("whatsapp", "+31612345678");
        assertThat(contact.channel()).isEqualTo("whatsapp");
        await().atMost(Duration.ofSeconds(10)).until(() -> parley.inboxCounts().get(InboxStatus.RECEIVED) == 0);
        var conversation = parley.app.find.page(new ConversationQuery("whatsapp", "+31612345678", null, null, 1,
                null, null)).getFirst();
        assertThat(parley.app.find.detail(conversation.id()).messages())
                .extracting(m -> m.providerId()).containsAll(sids.stream().distinct().toList());
    }

    @Test
    void invalidOrMissingSignatureIs401AndNothingIsStored() {
        long before = storedRows();
        var form = smsForm("SM00000000000000000000000000000002", "+15551230002", "forged");

        var wrongToken = new TwilioSignature("not-the-token").compute(localUrl(),
                FormBody.parse(form.getBytes(StandardCharsets.UTF_8)).asMap());
        assertThat(post(http, form, wrongToken).statusCode()).isEqualTo(401);
        var otherBody = smsForm("SM00000000000000000000000000000002", "+15551230002", "original");
        assertThat(post(http, form, sign(localUrl(), otherBody)).statusCode()).isEqualTo(401);
        assertThat(post(http, form, null).statusCode()).isEqualTo(401);
        assertThat(post(http, form, sign(localUrl(), form)).body()).contains("<Response/>");
        assertThat(storedRows()).isEqualTo(before + 1);
    }

    @Test
    void signatureOverTheUrlWithoutItsPortIsAccepted() {
        var form = smsForm("SM00000000000000000000000000000003", "+15551230003", "port removed");

        var response = post(http, form, sign("http://127.0.0.1/webhooks/twilio", form));

        assertThat(response.statusCode()).isEqualTo(200);
    }

    @Test
    void configuredPublicUrlIsTheSignedOneWithOrWithoutDefaultPort(@TempDir Path other) {
        try (var tunnelled = TestParley.start(other, Clock.systemUTC(),
                Map.of(ConfigKey.WEBHOOKS_TWILIO_PUBLIC_URL, "https://parley-test.example.ngrok.app"), null)) {
            var client = tunnelled.http();
            var local = "http://127.0.0.1:" + tunnelled.app.port() + "/webhooks/twilio";
            var form1 = smsForm("SM00000000000000000000000000000004", "+15551230004", "via tunnel");
            var form2 = smsForm("SM00000000000000000000000000000005", "+15551230004", "via tunnel, port 443");
            var form3 = smsForm("SM00000000000000000000000000000006", "+15551230004", "signed for local");

            assertThat(post(client, form1, sign("https://parley-test.example.ngrok.app/webhooks/twilio", form1))
                    .statusCode()).isEqualTo(200);
            assertThat(post(client, form2, sign("https://parley-test.example.ngrok.app:443/webhooks/twilio", form2))
                    .statusCode()).isEqualTo(200);
            assertThat(post(client, form3, sign(local, form3)).statusCode()).isEqualTo(401);
        }
    }

    @Test
    void configuredPublicUrlWithExplicitDefaultPortAcceptsTheUrlWithoutIt(@TempDir Path other) {
        var publicUrl = "https://parley-test.example.ngrok.app:443/webhooks/twilio";
        try (var tunnelled = TestParley.start(other, Clock.systemUTC(),
                Map.of(ConfigKey.WEBHOOKS_TWILIO_PUBLIC_URL, publicUrl), null)) {
            var form = smsForm("SM00000000000000000000000000000007", "+15551230005", "explicit port");

            var withoutPort = sign("https://parley-test.example.ngrok.app/webhooks/twilio", form);
            assertThat(post(tunnelled.http(), form, withoutPort).statusCode()).isEqualTo(200);
        }
    }

    private static InputStream resource(String name) {
        return TwilioWebhookHttpTest.class.getResourceAsStream("/twilio/" + name);
    }
}
