package dev.parley.adapter.http.signature;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * Signs and verifies webhooks per the Standard Webhooks spec (https://www.standardwebhooks.com).
 *
 * <p>Signed content is {@code {webhook-id}.{webhook-timestamp}.{raw body}}, signed with
 * HMAC-SHA256 and sent as {@code v1,<base64>}. The {@code webhook-signature} header may carry
 * several space-separated signatures (key rotation on the sender's side); several secrets may be
 * configured here (key rotation on our side). A request is accepted when any v1 signature matches
 * any secret and its timestamp is within {@link #TOLERANCE} of the injected clock.
 *
 * <p>Instances are immutable and thread-safe. Nothing here logs: secrets, signatures and bodies
 * must never reach a log.
 */
public final class StandardWebhooks {

    public static final String HEADER_ID = "webhook-id";
    public static final String HEADER_TIMESTAMP = "webhook-timestamp";
    public static final String HEADER_SIGNATURE = "webhook-signature";

    /** Replay window, either side of now, as recommended by the spec. */
    public static final Duration TOLERANCE = Duration.ofMinutes(5);

    static final String SECRET_PREFIX = "whsec_";
    /** The spec asks for 24 to 64 byte keys; shorter keys are refused, longer ones tolerated. */
    static final int MIN_KEY_BYTES = 24;
    private static final int GENERATED_KEY_BYTES = 32;
    private static final String VERSION_PREFIX = "v1,";
    /** Bounds the work an unauthenticated caller can make us do per request. */
    static final int MAX_SIGNATURE_HEADER_CHARS = 4096;
    private static final int MAX_TIMESTAMP_DIGITS = 15;

    private final List<byte[]> keys;
    private final Clock clock;

    /**
     * @param secrets one or more {@code whsec_<base64>} secrets; the first one is used by {@link #sign}
     * @throws IllegalArgumentException if the list is empty or any secret is malformed (the message
     *     names the position of the bad secret, never its value)
     */
    public StandardWebhooks(List<String> secrets, Clock clock) {
        Objects.requireNonNull(secrets, "secrets");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("at least one webhook secret is required");
        }
        List<byte[]> decoded = new ArrayList<>(secrets.size());
        for (int i = 0; i < secrets.size(); i++) {
            decoded.add(decodeSecret(secrets.get(i), i));
        }
        this.keys = List.copyOf(decoded);
    }

    /** Convenience for the common single-secret case. */
    public static StandardWebhooks of(String secret, Clock clock) {
        return new StandardWebhooks(List.of(Objects.requireNonNull(secret, "secret")), clock);
    }

    /** A fresh random {@code whsec_} secret with a 32-byte key. */
    public static String generateSecret(SecureRandom random) {
        byte[] key = new byte[GENERATED_KEY_BYTES];
        random.nextBytes(key);
        return SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
    }

    /**
     * Signature header value ({@code v1,<base64>}) for an outbound webhook, using the first secret.
     *
     * @param timestampSeconds Unix epoch seconds, sent as the {@code webhook-timestamp} header
     */
    public String sign(String id, long timestampSeconds, byte[] body) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(body, "body");
        return VERSION_PREFIX + Base64.getEncoder().encodeToString(mac(keys.getFirst(), id, timestampSeconds, body));
    }

    /**
     * Checks the three Standard Webhooks headers against the raw request body. Never throws for
     * any header or body content; {@code null} headers count as missing.
     */
    public VerificationResult verify(String id, String timestamp, String signatureHeader, byte[] body) {
        if (id == null || id.isEmpty()) {
            return VerificationResult.rejected("missing webhook-id header");
        }
        if (timestamp == null || timestamp.isEmpty()) {
            return VerificationResult.rejected("missing webhook-timestamp header");
        }
        if (signatureHeader == null || signatureHeader.isBlank()) {
            return VerificationResult.rejected("missing webhook-signature header");
        }
        if (signatureHeader.length() > MAX_SIGNATURE_HEADER_CHARS) {
            return VerificationResult.rejected("webhook-signature header too long");
        }
        long seconds = parseTimestamp(timestamp);
        if (seconds < 0) {
            return VerificationResult.rejected("malformed webhook-timestamp header");
        }
        long now = clock.instant().getEpochSecond();
        if (seconds < now - TOLERANCE.toSeconds()) {
            return VerificationResult.rejected("webhook-timestamp too old");
        }
        if (seconds > now + TOLERANCE.toSeconds()) {
            return VerificationResult.rejected("webhook-timestamp too far in the future");
        }
        List<byte[]> candidates = v1Signatures(signatureHeader);
        if (candidates.isEmpty()) {
            return VerificationResult.rejected("no v1 signature in webhook-signature header");
        }
        byte[] safeBody = body == null ? new byte[0] : body;
        for (byte[] key : keys) {
            byte[] expected = Base64.getEncoder()
                    .encode(mac(key, id, seconds, safeBody));
            for (byte[] candidate : candidates) {
                if (Hmac.constantTimeEquals(expected, candidate)) {
                    return VerificationResult.VERIFIED;
                }
            }
        }
        return VerificationResult.rejected("no matching signature");
    }

    private static byte[] mac(byte[] key, String id, long timestampSeconds, byte[] body) {
        byte[] prefix = (id + "." + timestampSeconds + ".").getBytes(StandardCharsets.UTF_8);
        return Hmac.compute(Hmac.SHA256, key, prefix, body);
    }

    /** Decimal seconds only (no sign, no fraction); returns -1 when malformed. */
    private static long parseTimestamp(String value) {
        if (value.length() > MAX_TIMESTAMP_DIGITS) {
            return -1;
        }
        long result = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            result = result * 10 + (c - '0');
        }
        return result;
    }

    /**
     * The base64 part of each v1 signature, as bytes; other versions are skipped, per the spec.
     * Compared as text, not decoded, so that non-canonical base64 (different trailing bits that
     * decode to the same MAC) is not accepted, matching the reference libraries.
     */
    private static List<byte[]> v1Signatures(String header) {
        List<byte[]> result = new ArrayList<>();
        for (String token : header.split(" ")) {
            if (token.startsWith(VERSION_PREFIX)) {
                result.add(token.substring(VERSION_PREFIX.length()).getBytes(StandardCharsets.UTF_8));
            }
        }
        return result;
    }

    private static byte[] decodeSecret(String secret, int index) {
        if (secret == null || !secret.startsWith(SECRET_PREFIX)) {
            throw new IllegalArgumentException("webhook secret #" + index + " must start with " + SECRET_PREFIX);
        }
        byte[] key;
        try {
            key = Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length()));
        } catch (IllegalArgumentException e) {
            // Do not chain the cause: its message can quote characters of the secret.
            throw new IllegalArgumentException("webhook secret #" + index + " is not valid base64");
        }
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException(
                    "webhook secret #" + index + " key is shorter than " + MIN_KEY_BYTES + " bytes");
        }
        return key;
    }
}
