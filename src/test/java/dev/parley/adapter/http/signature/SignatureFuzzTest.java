package dev.parley.adapter.http.signature;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.parley.adapter.http.webhook.FormBody;
import dev.parley.adapter.http.webhook.WebhookParseException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Map;

/**
 * Regression-mode fuzz tests for header parsing in the verifiers. Each input is split on newlines
 * into header values followed by the body, so the committed seeds stay human-readable.
 * Invariant: verification returns a {@link VerificationResult} and never throws.
 */
class SignatureFuzzTest {

    private static final StandardWebhooks STANDARD = StandardWebhooks.of(
            StandardWebhooksTest.SPEC_SECRET,
            Clock.fixed(Instant.ofEpochSecond(StandardWebhooksTest.SPEC_TS), ZoneOffset.UTC));
    private static final TwilioSignature TWILIO = new TwilioSignature("12345");

    /** Lines: webhook-id, webhook-timestamp, webhook-signature, then the raw body. */
    @FuzzTest(maxDuration = "60s")
    void verifyStandardWebhook(byte[] input) {
        String[] parts = split(input, 4);
        byte[] body = parts[3].getBytes(StandardCharsets.UTF_8);
        requireResult(STANDARD.verify(parts[0], parts[1], parts[2], body));
    }

    /** The whole input as a secret: only {@link IllegalArgumentException} may come out. */
    @FuzzTest(maxDuration = "60s")
    void parseStandardWebhookSecret(byte[] input) {
        try {
            StandardWebhooks.of(new String(input, StandardCharsets.UTF_8), Clock.systemUTC());
        } catch (IllegalArgumentException expected) {
            // Malformed secret: a clean configuration error.
        }
    }

    /** Lines: URL, X-Twilio-Signature, then the raw (form or JSON) body. */
    @FuzzTest(maxDuration = "60s")
    void verifyTwilio(byte[] input) {
        String[] parts = split(input, 3);
        byte[] body = parts[2].getBytes(StandardCharsets.UTF_8);
        requireResult(TWILIO.verifyJson(parts[0], body, parts[1]));
        requireResult(TWILIO.verifyForm(parts[0], Map.of(), parts[1]));
        try {
            requireResult(TWILIO.verifyForm(parts[0], FormBody.parse(body).asMap(), parts[1]));
        } catch (WebhookParseException notAForm) {
            // Body is not form-encoded; header handling was still exercised above.
        }
    }

    private static void requireResult(VerificationResult result) {
        if (result == null) {
            throw new AssertionError("verifier returned null");
        }
    }

    /** Splits on '\n' into exactly {@code n} parts; the last keeps any further newlines. */
    private static String[] split(byte[] input, int n) {
        String[] parts = new String(input, StandardCharsets.UTF_8).split("\n", n);
        String[] padded = Arrays.copyOf(parts, n);
        for (int i = 0; i < n; i++) {
            if (padded[i] == null) {
                padded[i] = "";
            }
        }
        return padded;
    }
}
