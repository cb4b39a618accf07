package dev.parley.adapter.http.signature;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.adapter.http.signature.VerificationResult.Rejected;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class StandardWebhooksTest {

    // Test vector from the Standard Webhooks spec and its reference libraries.
    static final String SPEC_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    static final String SPEC_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    static final long SPEC_TS = 1614265330L;
    static final byte[] SPEC_BODY = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);
    static final String SPEC_SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

    private static Clock clockAt(long epochSeconds) {
        return Clock.fixed(Instant.ofEpochSecond(epochSeconds), ZoneOffset.UTC);
    }

    private final StandardWebhooks webhooks = StandardWebhooks.of(SPEC_SECRET, clockAt(SPEC_TS));

    @Test
    void signsTheSpecVector() {
        assertThat(webhooks.sign(SPEC_ID, SPEC_TS, SPEC_BODY)).isEqualTo(SPEC_SIGNATURE);
    }

    @Test
    void verifiesTheSpecVector() {
        assertThat(webhooks.verify(SPEC_ID, "1614265330", SPEC_SIGNATURE, SPEC_BODY))
                .isInstanceOf(VerificationResult.Verified.class);
    }

    @Test
    void rejectsWrongSignature() {
        String wrong = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OF=";
        assertRejected(webhooks.verify(SPEC_ID, "1614265330", wrong, SPEC_BODY), "no matching signature");
    }

    @Test
    void rejectsTamperedBodyAndId() {
        byte[] tampered = "{\"test\": 2432232315}".getBytes(StandardCharsets.UTF_8);
        assertRejected(webhooks.verify(SPEC_ID, "1614265330", SPEC_SIGNATURE, tampered), "no matching signature");
        assertRejected(webhooks.verify("msg_other", "1614265330", SPEC_SIGNATURE, SPEC_BODY), "no matching signature");
    }

    @Test
    void acceptsTimestampsAtTheEdgeOfTheWindow() {
        for (long offset : new long[] {-300, 300}) {
            StandardWebhooks atEdge = StandardWebhooks.of(SPEC_SECRET, clockAt(SPEC_TS + offset));
            assertThat(atEdge.verify(SPEC_ID, "1614265330", SPEC_SIGNATURE, SPEC_BODY).isVerified()).isTrue();
        }
    }

    @Test
    void rejectsTooOldTimestamp() {
        StandardWebhooks later = StandardWebhooks.of(SPEC_SECRET, clockAt(SPEC_TS + 301));
        assertRejected(later.verify(SPEC_ID, "1614265330", SPEC_SIGNATURE, SPEC_BODY), "webhook-timestamp too old");
    }

    @Test
    void rejectsTooNewTimestamp() {
        StandardWebhooks earlier = StandardWebhooks.of(SPEC_SECRET, clockAt(SPEC_TS - 301));
        assertRejected(
                earlier.verify(SPEC_ID, "1614265330", SPEC_SIGNATURE, SPEC_BODY),
                "webhook-timestamp too far in the future");
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "-1614265330", "1614265330.5", " 1614265330", "99999999999999999999"})
    void rejectsMalformedTimestamp(String timestamp) {
        assertRejected(
                webhooks.verify(SPEC_ID, timestamp, SPEC_SIGNATURE, SPEC_BODY), "malformed webhook-timestamp header");
    }

    @ParameterizedTest
    @NullAndEmptySource
    void rejectsMissingHeaders(String missing) {
        assertRejected(webhooks.verify(missing, "1614265330", SPEC_SIGNATURE, SPEC_BODY), "missing webhook-id header");
        assertRejected(webhooks.verify(SPEC_ID, missing, SPEC_SIGNATURE, SPEC_BODY), "missing webhook-timestamp header");
        assertRejected(webhooks.verify(SPEC_ID, "1614265330", missing, SPEC_BODY), "missing webhook-signature header");
    }

    @Test
    void acceptsAnyMatchingSignatureAmongSeveral() {
        String header = "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v2,whatever v1a,x "
                + SPEC_SIGNATURE + " v1,not-base64!!";
        assertThat(webhooks.verify(SPEC_ID, "1614265330", header, SPEC_BODY).isVerified()).isTrue();
    }

    @Test
    void ignoresNonV1Signatures() {
        String header = "v2," + SPEC_SIGNATURE.substring(3) + " v1a," + SPEC_SIGNATURE.substring(3);
        assertRejected(webhooks.verify(SPEC_ID, "1614265330", header, SPEC_BODY),
                "no v1 signature in webhook-signature header");
    }

    @Test
    void rejectsOverlongSignatureHeader() {
        String header = (SPEC_SIGNATURE + " ").repeat(200);
        assertRejected(webhooks.verify(SPEC_ID, "1614265330", header, SPEC_BODY), "webhook-signature header too long");
    }

    @Test
    void verifiesAgainstAnyOfSeveralSecrets() {
        String other = StandardWebhooks.generateSecret(new SecureRandom());
        StandardWebhooks rotated = new StandardWebhooks(List.of(other, SPEC_SECRET), clockAt(SPEC_TS));
        assertThat(rotated.verify(SPEC_ID, "1614265330", SPEC_SIGNATURE, SPEC_BODY).isVerified()).isTrue();

        StandardWebhooks unrelated = StandardWebhooks.of(other, clockAt(SPEC_TS));
        assertThat(unrelated.verify(SPEC_ID, "1614265330", SPEC_SIGNATURE, SPEC_BODY).isVerified()).isFalse();
    }

    @Test
    void signsWithTheFirstSecret() {
        String other = StandardWebhooks.generateSecret(new SecureRandom());
        StandardWebhooks rotated = new StandardWebhooks(List.of(SPEC_SECRET, other), clockAt(SPEC_TS));
        assertThat(rotated.sign(SPEC_ID, SPEC_TS, SPEC_BODY)).isEqualTo(SPEC_SIGNATURE);
    }

    @Test
    void signedRoundTripWithGeneratedSecret() {
        String secret = StandardWebhooks.generateSecret(new SecureRandom());
        StandardWebhooks generated = StandardWebhooks.of(secret, clockAt(1_700_000_000L));
        byte[] body = "{\"hello\":\"wörld\"}".getBytes(StandardCharsets.UTF_8);
        String signature = generated.sign("msg_1", 1_700_000_000L, body);
        assertThat(generated.verify("msg_1", "1700000000", signature, body).isVerified()).isTrue();
    }

    @Test
    void generatedSecretsAreFreshAndLongEnough() {
        SecureRandom random = new SecureRandom();
        String first = StandardWebhooks.generateSecret(random);
        String second = StandardWebhooks.generateSecret(random);
        assertThat(first).startsWith("whsec_").isNotEqualTo(second);
        assertThat(Base64.getDecoder().decode(first.substring(6))).hasSizeGreaterThanOrEqualTo(24);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", // no prefix
        "whsec_",
        "whsec_not*base64*at*all",
        "whsec_c2hvcnQ=", // valid base64, 5-byte key
        "WHSEC_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    })
    void rejectsMalformedSecretWithoutEchoingIt(String secret) {
        String keyPart = secret.length() > 6 ? secret.substring(6) : "\u0000";
        assertThatThrownBy(() -> StandardWebhooks.of(secret, Clock.systemUTC()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasNoCause()
                .message()
                .doesNotContain(keyPart);
    }

    @Test
    void rejectsEmptySecretList() {
        assertThatThrownBy(() -> new StandardWebhooks(List.of(), Clock.systemUTC()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static void assertRejected(VerificationResult result, String reason) {
        assertThat(result).isInstanceOfSatisfying(Rejected.class, r -> assertThat(r.reason()).isEqualTo(reason));
    }
}
