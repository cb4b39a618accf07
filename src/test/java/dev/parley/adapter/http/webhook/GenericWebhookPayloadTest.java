package dev.parley.adapter.http.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import dev.parley.domain.limit.FieldLimit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class GenericWebhookPayloadTest {

    private static GenericWebhookPayload parse(String json) {
        return GenericWebhookPayload.parse(json.getBytes(StandardCharsets.UTF_8));
    }

    private static WebhookParseException failure(String json) {
        try {
            parse(json);
        } catch (WebhookParseException e) {
            return e;
        }
        throw new AssertionError("expected a WebhookParseException");
    }

    @Test
    void parsesEveryField() {
        GenericWebhookPayload p = parse("""
                {"id": "m-1", "channel": "telegram", "conversation": "chat-9", "from": "u-1", "to": "bot",
                 "text": "hi there", "sent_at": "2024-05-01T12:00:00+02:00", "reply_to": "m-0",
                 "playbook": "support", "sender_name": "Ann", "extra": {"nested": [1, 2]}}
                """);

        assertThat(p).isEqualTo(new GenericWebhookPayload("m-1", WebhookChannel.TELEGRAM, "chat-9", "u-1", "bot",
                "hi there", Instant.parse("2024-05-01T10:00:00Z"), "m-0", "support", "Ann"));
    }

    @Test
    void appliesDefaults() {
        GenericWebhookPayload p = parse("{\"id\":\"m-2\",\"from\":\"u-2\",\"text\":\"yo\",\"to\":null,\"sent_at\":null}");

        assertThat(p.channel()).isEqualTo(WebhookChannel.GENERIC);
        assertThat(p.conversation()).isEqualTo("u-2");
        assertThat(p.to()).isNull();
        assertThat(p.sentAt()).isNull();
        assertThat(p.replyTo()).isNull();
        assertThat(p.playbook()).isNull();
        assertThat(p.senderName()).isNull();
    }

    @Test
    void acceptsUtcTimestampsAndChannelCase() {
        GenericWebhookPayload p = parse(
                "{\"id\":\"m\",\"from\":\"f\",\"text\":\"t\",\"sent_at\":\"2024-05-01T12:00:00.250Z\",\"channel\":\"SMS\"}");
        assertThat(p.sentAt()).isEqualTo(Instant.parse("2024-05-01T12:00:00.250Z"));
        assertThat(p.channel()).isEqualTo(WebhookChannel.SMS);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            {"from":"f","text":"t"}                                   | id
            {"id":"","from":"f","text":"t"}                           | id
            {"id":"  ","from":"f","text":"t"}                         | id
            {"id":7,"from":"f","text":"t"}                            | id
            {"id":"m","text":"t"}                                     | from
            {"id":"m","from":["f"],"text":"t"}                        | from
            {"id":"m","from":"f"}                                     | text
            {"id":"m","from":"f","text":""}                           | text
            {"id":"m","from":"f","text":{"a":1}}                      | text
            {"id":"m","from":"f","text":"t","channel":"fax"}          | channel
            {"id":"m","from":"f","text":"t","channel":""}             | channel
            {"id":"m","from":"f","text":"t","channel":1}              | channel
            {"id":"m","from":"f","text":"t","sent_at":"yesterday"}    | sent_at
            {"id":"m","from":"f","text":"t","sent_at":"2024-05-01T12:00:00"} | sent_at
            {"id":"m","from":"f","text":"t","sent_at":1714564800}     | sent_at
            {"id":"m","from":"f","text":"t","to":true}                | to
            {"id":"m","from":"f","text":"t","reply_to":1}             | reply_to
            {"id":"m","from":"f","text":"t","playbook":[]}            | playbook
            {"id":"m","from":"f","text":"t","sender_name":{}}         | sender_name
            {"id":"m","from":"f","text":"t","conversation":2}         | conversation
            [1,2]                                                     | body
            "just a string"                                           | body
            null                                                      | body
            {"id":"m","from":"f","text":"t"} trailing                 | body
            {"id":"m","from":"f","text":"t","text":"u"}               | body
            {"id":"m",                                                | body
            """)
    void rejectsWithTheOffendingField(String json, String field) {
        assertThat(failure(json).field()).isEqualTo(field);
    }

    @Test
    void errorDetailsNeverEchoContent() {
        WebhookParseException e = failure("{\"id\":\"m\",\"from\":\"f\",\"text\":\"t\",\"channel\":\"s3cr3t-channel\"}");
        assertThat(e.getMessage()).doesNotContain("s3cr3t");
        WebhookParseException malformed = failure("{\"id\":\"m\",\"text\":\"s3cr3t text\" oops}");
        assertThat(malformed.getMessage()).isEqualTo("body: malformed JSON");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\u0000"})
    void rejectsEmptyOrGarbageBodies(String body) {
        assertThat(failure(body).field()).isEqualTo("body");
    }

    @Test
    void rejectsNullBody() {
        assertThatThrownBy(() -> GenericWebhookPayload.parse(null)).isInstanceOf(WebhookParseException.class);
    }

    @Test
    void limitsTextToSixteenThousandCodePoints() {
        String max = "a".repeat(FieldLimit.MESSAGE_TEXT.max());
        assertThat(parse(json(max)).text()).hasSize(16_000);
        assertThat(failure(json(max + "a")).field()).isEqualTo("text");

        String emoji = "😀".repeat(FieldLimit.MESSAGE_TEXT.max());
        assertThat(parse(json(emoji)).text()).hasSize(32_000);
        assertThat(failure(json(emoji + "😀")).field()).isEqualTo("text");
    }

    @Test
    void limitsIdentifierLength() {
        String longId = "x".repeat(FieldLimit.PROVIDER_ID.max() + 1);
        assertThat(failure("{\"id\":\"" + longId + "\",\"from\":\"f\",\"text\":\"t\"}").field()).isEqualTo("id");
        assertThat(failure("{\"id\":\"" + longId + "\",\"from\":\"f\",\"text\":\"t\"}").detail())
                .isEqualTo("longer than 255 characters");
    }

    @Test
    void rejectsDeepNestingInUnknownFields() {
        String deep = "[".repeat(1000) + "]".repeat(1000);
        assertThat(failure("{\"id\":\"m\",\"from\":\"f\",\"text\":\"t\",\"x\":" + deep + "}").field()).isEqualTo("body");
    }

    @Test
    void toStringShowsIdsOnly() {
        assertThat(parse("{\"id\":\"m-7\",\"from\":\"+15550001111\",\"text\":\"private words\"}").toString())
                .contains("m-7")
                .doesNotContain("15550001111", "private");
    }

    private static String json(String text) {
        return "{\"id\":\"m\",\"from\":\"f\",\"text\":\"" + text + "\"}";
    }
}
