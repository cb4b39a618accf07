package dev.parley.adapter.http.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.application.JsonMappers;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Fixtures from BotBuilderCommunity's Twilio WhatsApp adapter tests (MIT, see resources/twilio). */
class TwilioInboundTest {

    static Stream<Arguments> botbuilderPayloads() throws IOException {
        JsonNode payloads;
        try (InputStream in = resource("botbuilder_twilio_whatsapp_payloads.json")) {
            payloads = JsonMappers.PLAIN.readTree(in);
        }
        List<Arguments> result = new ArrayList<>();
        payloads.forEach(p -> result.add(Arguments.of(p.get("name").textValue(), p)));
        return result.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("botbuilderPayloads")
    void formParserAgreesWithTheFixtureParse(String name, JsonNode payload) {
        FormParams params = FormBody.parse(payload.get("raw_body").textValue().getBytes(StandardCharsets.UTF_8));
        JsonNode expected = payload.get("parsed");

        assertThat(params.size()).isEqualTo(expected.size());
        expected.properties().forEach(e -> assertThat(params.first(e.getKey())).contains(e.getValue().textValue()));

        TwilioInbound inbound = TwilioInbound.from(params);
        assertThat(inbound.messageSid()).isEqualTo(expected.get("MessageSid").textValue());
        assertThat(inbound.from()).isEqualTo("whatsapp:+31612345678");
        assertThat(inbound.channel()).isEqualTo(WebhookChannel.WHATSAPP);
        assertThat(inbound.params()).isSameAs(params);
    }

    @Test
    void whatsappTextMessage() {
        TwilioInbound inbound = TwilioInbound.parse(("SmsMessageSid=SM1&NumMedia=0&Body=test"
                + "&To=whatsapp%3A%2B14123456789&MessageSid=SM1&AccountSid=AC1&From=whatsapp%3A%2B31612345678"
                + "&ProfileName=Ann+B").getBytes(StandardCharsets.UTF_8));

        assertThat(inbound.body()).isEqualTo("test");
        assertThat(inbound.to()).isEqualTo("whatsapp:+14123456789");
        assertThat(inbound.accountSid()).isEqualTo("AC1");
        assertThat(inbound.profileName()).isEqualTo("Ann B");
        assertThat(inbound.numMedia()).isZero();
        assertThat(inbound.media()).isEmpty();
    }

    @Test
    void whatsappImageMediaFixture() throws IOException {
        byte[] form;
        try (InputStream in = resource("whatsapp_image_media.form")) {
            form = in.readAllBytes();
        }
        TwilioInbound inbound = TwilioInbound.parse(form);

        assertThat(inbound.messageSid()).isEqualTo("MM21151abfaadc1fb79b782f8460862a52");
        assertThat(inbound.body()).isEmpty();
        assertThat(inbound.numMedia()).isEqualTo(1);
        assertThat(inbound.media()).containsExactly(new TwilioInbound.Media(
                "https://api.twilio.com/2010-04-01/Accounts/AC1a03647d811fab342c0ad608e382fab2/Messages/"
                        + "MM21151abfaadc1fb79b782f8460862a52/Media/ME5f0afa2336bd0f73ca553fb5a2e3150bc",
                "image/jpeg"));
        assertThat(inbound.profileName()).isNull();
    }

    @Test
    void smsDefaults() {
        TwilioInbound inbound = TwilioInbound.parse("MessageSid=SM2&From=%2B15550001111".getBytes(StandardCharsets.UTF_8));

        assertThat(inbound.channel()).isEqualTo(WebhookChannel.SMS);
        assertThat(inbound.body()).isEmpty();
        assertThat(inbound.numMedia()).isZero();
        assertThat(inbound.to()).isNull();
        assertThat(inbound.toString()).contains("SM2").doesNotContain("15550001111");
    }

    @Test
    void mediaSlotsWithoutUrlAreSkipped() {
        TwilioInbound inbound = TwilioInbound.parse(
                "MessageSid=MM3&From=x&NumMedia=2&MediaUrl1=https%3A%2F%2Fm%2F1".getBytes(StandardCharsets.UTF_8));
        assertThat(inbound.media()).containsExactly(new TwilioInbound.Media("https://m/1", null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"From=x", "MessageSid=&From=x", "MessageSid=+&From=x"})
    void messageSidIsRequired(String body) {
        assertThatThrownBy(() -> TwilioInbound.parse(body.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(WebhookParseException.class, e -> assertThat(e.field()).isEqualTo("MessageSid"));
    }

    @Test
    void fromIsRequired() {
        assertThatThrownBy(() -> TwilioInbound.parse("MessageSid=SM1".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(WebhookParseException.class, e -> assertThat(e.field()).isEqualTo("From"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "x", "1.0", "101", "99999999999"})
    void numMediaMustBeASmallNonNegativeInteger(String numMedia) {
        byte[] body = ("MessageSid=SM1&From=x&NumMedia=" + numMedia).getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> TwilioInbound.parse(body))
                .isInstanceOfSatisfying(WebhookParseException.class, e -> assertThat(e.field()).isEqualTo("NumMedia"));
    }

    private static InputStream resource(String name) {
        return TwilioInboundTest.class.getResourceAsStream("/twilio/" + name);
    }
}
