package dev.parley.adapter.http.signature;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.application.JsonMappers;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Driven by Twilio's own SDK test vectors (MIT, see src/test/resources/twilio/LICENSE-twilio-MIT). */
class TwilioSignatureTest {

    private static JsonNode vectors;
    private static TwilioSignature twilio;

    @BeforeAll
    static void loadVectors() throws IOException {
        try (InputStream in = TwilioSignatureTest.class.getResourceAsStream("/twilio/signature_test_vectors.json")) {
            vectors = JsonMappers.PLAIN.readTree(in);
        }
        twilio = new TwilioSignature(vectors.get("auth_token").textValue());
    }

    static Stream<Arguments> vectors() throws IOException {
        loadVectors();
        List<Arguments> result = new ArrayList<>();
        for (JsonNode vector : vectors.get("vectors")) {
            result.add(Arguments.of(vector.get("name").textValue(), vector));
        }
        assertThat(result).hasSizeGreaterThanOrEqualTo(20);
        return result.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void everyVectorGivesItsExpectedValidity(String name, JsonNode vector) {
        String url = vector.get("request_url").textValue();
        String signature = vector.get("expected_signature").textValue();
        Map<String, List<String>> params = params(vector.get("params"));

        VerificationResult result = params.isEmpty() && url.contains("bodySHA256=")
                ? twilio.verifyJson(url, bodyOfHashVector(), signature)
                : twilio.verifyForm(url, params, signature);

        assertThat(result.isVerified()).as(name).isEqualTo(vector.get("expected_valid").booleanValue());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void computeReproducesSignedUrlSignatures(String name, JsonNode vector) {
        if (vector.get("expected_valid").booleanValue()) {
            assertThat(twilio.compute(vector.get("signed_url").textValue(), params(vector.get("params"))))
                    .isEqualTo(vector.get("expected_signature").textValue());
        }
    }

    @Test
    void formParamsAlsoValidateWithoutBodyHashCheck() {
        // The "testValidateWithBody" vectors, checked as plain URL-only signatures.
        for (JsonNode vector : vectors.get("vectors")) {
            if (vector.get("request_url").textValue().contains("bodySHA256=")) {
                assertThat(twilio.verifyForm(vector.get("request_url").textValue(), Map.of(),
                        vector.get("expected_signature").textValue()).isVerified()).isTrue();
            }
        }
    }

    @Test
    void repeatedKeysUseDistinctSortedValues() {
        JsonNode vector = vectors.get("multi_value_vector");
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (JsonNode pair : vector.get("params_in_order")) {
            params.computeIfAbsent(pair.get(0).textValue(), k -> new ArrayList<>()).add(pair.get(1).textValue());
        }
        String url = vector.get("request_url").textValue();
        String expected = vector.get("expected_signature").textValue();

        assertThat(twilio.compute(url, params)).isEqualTo(expected);
        assertThat(twilio.verifyForm(url, params, expected).isVerified()).isTrue();
    }

    @Test
    void jsonBodyMustMatchItsHash() {
        JsonNode vector = vectors.get("vectors").get(2);
        String url = vector.get("request_url").textValue();
        String signature = vector.get("expected_signature").textValue();
        byte[] tampered = "{\"property\": \"value\", \"boolean\": false}".getBytes(StandardCharsets.UTF_8);

        assertThat(twilio.verifyJson(url, bodyOfHashVector(), signature).isVerified()).isTrue();
        assertThat(twilio.verifyJson(url, tampered, signature))
                .isEqualTo(VerificationResult.rejected("body does not match bodySHA256"));
    }

    @Test
    void jsonBodyAcceptsUpperCaseHexHash() {
        String url = "https://mycompany.com/myapp.php?bodySHA256="
                + vectors.get("body_hash_vector").get("expected_sha256_hex").textValue().toUpperCase();
        String signature = twilio.compute(url, Map.of());
        assertThat(twilio.verifyJson(url, bodyOfHashVector(), signature).isVerified()).isTrue();
    }

    @Test
    void jsonWithoutBodyHashIsRejected() {
        String url = "https://mycompany.com/myapp.php?foo=1";
        String signature = twilio.compute(url, Map.of());
        assertThat(twilio.verifyJson(url, bodyOfHashVector(), signature))
                .isEqualTo(VerificationResult.rejected("JSON webhook URL lacks bodySHA256"));
    }

    @Test
    void missingSignatureIsRejected() {
        assertThat(twilio.verifyForm("https://x.example/", Map.of(), null).isVerified()).isFalse();
        assertThat(twilio.verifyForm("https://x.example/", Map.of(), "").isVerified()).isFalse();
        assertThat(twilio.verifyJson("https://x.example/?bodySHA256=00", new byte[0], null).isVerified()).isFalse();
    }

    @Test
    void urlVariantsCoverPortAddedAndRemoved() {
        assertThat(TwilioUrlVariants.of("https://a.example/p?q=1"))
                .containsExactly("https://a.example/p?q=1", "https://a.example:443/p?q=1");
        assertThat(TwilioUrlVariants.of("http://a.example"))
                .containsExactly("http://a.example", "http://a.example:80");
        assertThat(TwilioUrlVariants.of("https://u:pw@a.example:8443/p"))
                .containsExactly("https://u:pw@a.example:8443/p", "https://u:pw@a.example/p");
        assertThat(TwilioUrlVariants.of("https://[::1]:8443/p"))
                .containsExactly("https://[::1]:8443/p", "https://[::1]/p");
        assertThat(TwilioUrlVariants.of("https://[::1]/p"))
                .containsExactly("https://[::1]/p", "https://[::1]:443/p");
        assertThat(TwilioUrlVariants.of("not a url")).containsExactly("not a url");
    }

    private static byte[] bodyOfHashVector() {
        return vectors.get("body_hash_vector").get("body").textValue().getBytes(StandardCharsets.UTF_8);
    }

    /** JSON null values stay null: the validator must treat them as empty strings. */
    private static Map<String, List<String>> params(JsonNode node) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        node.properties().forEach(e -> params.put(e.getKey(),
                Arrays.asList(e.getValue().isNull() ? null : e.getValue().textValue())));
        return params;
    }
}
