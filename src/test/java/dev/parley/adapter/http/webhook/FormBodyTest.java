package dev.parley.adapter.http.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FormBodyTest {

    private static FormParams parse(String body) {
        return FormBody.parse(body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void decodesPlusPercentAndUtf8() {
        FormParams params = parse("Body=Hola+se%C3%B1or%21+%F0%9F%98%80&To=whatsapp%3A%2B14123456789");
        assertThat(params.first("Body")).contains("Hola señor! 😀");
        assertThat(params.first("To")).contains("whatsapp:+14123456789");
    }

    @Test
    void keepsOrderAndRepeatedKeys() {
        FormParams params = parse("b=1&a=2&b=3");
        assertThat(params.fields()).extracting(FormParams.Field::name).containsExactly("b", "a", "b");
        assertThat(params.all("b")).containsExactly("1", "3");
        assertThat(params.asMap()).containsExactly(Map.entry("b", List.of("1", "3")), Map.entry("a", List.of("2")));
        assertThat(params.first("missing")).isEmpty();
        assertThat(params.all("missing")).isEmpty();
    }

    @Test
    void handlesEmptyPiecesAndMissingValues() {
        FormParams params = parse("&a=&&b&c==x&");
        assertThat(params.asMap())
                .containsExactly(Map.entry("a", List.of("")), Map.entry("b", List.of("")), Map.entry("c", List.of("=x")));
        assertThat(parse("").isEmpty()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"a=%", "a=%4", "a=%zz", "a%g1=1", "a=ok&b=%%41"})
    void rejectsMalformedPercentEscapes(String body) {
        assertThatThrownBy(() -> parse(body))
                .isInstanceOfSatisfying(WebhookParseException.class, e -> {
                    assertThat(e.field()).isEqualTo("body");
                    assertThat(e.detail()).startsWith("malformed percent escape at byte");
                });
    }

    @Test
    void rejectsInvalidUtf8() {
        assertThatThrownBy(() -> parse("a=%C3%28"))
                .isInstanceOfSatisfying(WebhookParseException.class,
                        e -> assertThat(e.detail()).isEqualTo("invalid UTF-8 in form field #0"));
        assertThatThrownBy(() -> FormBody.parse(new byte[] {'a', '=', (byte) 0xff}))
                .isInstanceOf(WebhookParseException.class);
    }

    @Test
    void rejectsTooManyFields() {
        String body = "a=1&".repeat(FormBody.MAX_FIELDS + 1);
        assertThatThrownBy(() -> parse(body)).isInstanceOf(WebhookParseException.class);
        assertThat(parse("a=1&".repeat(FormBody.MAX_FIELDS)).size()).isEqualTo(FormBody.MAX_FIELDS);
    }

    @Test
    void rejectsNullAndOversizedBodies() {
        assertThatThrownBy(() -> FormBody.parse(null)).isInstanceOf(WebhookParseException.class);
        assertThatThrownBy(() -> FormBody.parse(new byte[FormBody.MAX_BODY_BYTES + 1]))
                .isInstanceOf(WebhookParseException.class);
    }

    @Test
    void toStringShowsNamesOnly() {
        FormParams params = parse("From=%2B31612345678&Body=secret+text");
        assertThat(params.toString()).contains("From", "Body").doesNotContain("31612345678", "secret");
        assertThat(params.fields().getFirst().toString()).doesNotContain("31612345678");
    }
}
