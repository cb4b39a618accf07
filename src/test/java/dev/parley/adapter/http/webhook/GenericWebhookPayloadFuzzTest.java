package dev.parley.adapter.http.webhook;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Regression-mode fuzz test over {@code GenericWebhookPayloadFuzzTestInputs/parseJson}.
 * Invariant: the JSON parser returns a payload or throws {@link WebhookParseException}, never
 * anything else (Jackson exceptions must not escape).
 */
class GenericWebhookPayloadFuzzTest {

    @FuzzTest(maxDuration = "60s")
    void parseJson(byte[] json) {
        try {
            GenericWebhookPayload payload = GenericWebhookPayload.parse(json);
            if (payload.text().isBlank() || payload.id().isBlank() || payload.from().isBlank()) {
                throw new AssertionError("required field accepted blank");
            }
        } catch (WebhookParseException expected) {
            // A clean rejection.
        }
    }
}
