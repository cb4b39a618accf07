package dev.parley.domain.safety;

import dev.parley.domain.hash.Sha256;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HexFormat;

/**
 * Deterministic trace ids and hashes. A trace id is the first 32 hex digits of SHA-256 over, each field prefixed
 * by its length: {@code "parley-safety/1"}, the policy version, the direction, the channel, the sender, the
 * recipient, the conversation key, the request's timestamp (ISO-8601, or empty when the request had none) and
 * the SHA-256 of the content; with a learned model in use (ADR 0019), its version follows the policy version (without
 * one, the id is exactly as before). The same request under the same policy and model always gets the same id.
 */
public final class TraceIds {
    private static final HexFormat HEX = HexFormat.of();

    private TraceIds() {
    }

    /** The trace id of {@code request} under policy {@code policyVersion}. */
    public static String of(SafetyRequest request, Instant evaluatedAt, String policyVersion) {
        return of(request, evaluatedAt, policyVersion, "");
    }

    /** The trace id of {@code request} under policy {@code policyVersion} and model {@code modelVersion} ("" = none). */
    public static String of(SafetyRequest request, Instant evaluatedAt, String policyVersion, String modelVersion) {
        StringBuilder b = new StringBuilder();
        field(b, "parley-safety/1");
        field(b, policyVersion);
        if (!modelVersion.isEmpty()) field(b, "model:" + modelVersion);
        field(b, request.direction().safetyWord());
        field(b, request.channel());
        field(b, request.sender());
        field(b, request.recipient());
        field(b, request.conversationKey());
        field(b, request.timestamp() == null ? "" : request.timestamp().toString());
        field(b, sha256(request.content()));
        return sha256(b.toString()).substring(0, 32);
    }

    /** SHA-256 (hex) of {@code text}'s UTF-8 bytes; null counts as the empty text. */
    public static String sha256(String text) {
        return HEX.formatHex(Sha256.of((text == null ? "" : text).getBytes(StandardCharsets.UTF_8)));
    }

    /** SHA-256 (hex) of raw bytes, for the policy version. */
    public static String sha256(byte[] bytes) {
        return HEX.formatHex(Sha256.of(bytes));
    }

    private static void field(StringBuilder b, String value) {
        b.append(value.length()).append(':').append(value).append('\u001f');
    }
}
