package dev.parley.adapter.http.webhook;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Regression-mode fuzz test: under plain {@code mvn test} Jazzer only replays the committed seeds
 * in {@code FormBodyFuzzTestInputs/parseForm}; set {@code JAZZER_FUZZ=1} to actually fuzz.
 * Invariant: the form and Twilio parsers return a value or throw {@link WebhookParseException}.
 */
class FormBodyFuzzTest {

    @FuzzTest(maxDuration = "60s")
    void parseForm(byte[] body) {
        FormParams params;
        try {
            params = FormBody.parse(body);
        } catch (WebhookParseException expected) {
            return;
        }
        try {
            TwilioInbound.from(params);
        } catch (WebhookParseException expected) {
            // Missing MessageSid/From or a bad NumMedia: a clean rejection.
        }
    }
}
