package dev.parley.adapter.http.signature;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Validates Twilio's {@code X-Twilio-Signature} header.
 *
 * <p>Signature = base64(HMAC-SHA1(authToken, url + concat(key + value))) over the POSTed form
 * params, keys in plain {@link String} (UTF-16 code unit) order; a repeated key contributes each
 * distinct value once, values sorted (this matches Twilio's SDKs and their multi-value test
 * vector). JSON bodies are signed over the URL alone with no params; the URL then carries
 * {@code bodySHA256=<hex sha256 of the raw body>}, which is checked too.
 *
 * <p>The URL is tried as given, with any explicit port removed and with the scheme's default port
 * added (see {@link TwilioUrlVariants}). Comparisons are constant-time. Immutable and thread-safe.
 */
public final class TwilioSignature {

    public static final String HEADER = "X-Twilio-Signature";
    static final String BODY_HASH_PARAM = "bodySHA256";

    private final byte[] authToken;

    public TwilioSignature(String authToken) {
        Objects.requireNonNull(authToken, "authToken");
        if (authToken.isEmpty()) {
            throw new IllegalArgumentException("Twilio auth token must not be empty");
        }
        this.authToken = authToken.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The signature Twilio would send for exactly this URL and these params (no port variants).
     * {@code null} keys or values count as empty strings, like Twilio's SDKs.
     */
    public String compute(String url, Map<String, ? extends List<String>> params) {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(params, "params");
        StringBuilder data = new StringBuilder(url);
        for (Map.Entry<String, SortedSet<String>> entry : sortedDistinct(params).entrySet()) {
            for (String value : entry.getValue()) {
                data.append(entry.getKey()).append(value);
            }
        }
        byte[] mac = Hmac.compute(Hmac.SHA1, authToken, data.toString().getBytes(StandardCharsets.UTF_8));
        return Base64.getEncoder().encodeToString(mac);
    }

    /** Verifies a form-encoded webhook ({@code application/x-www-form-urlencoded}). */
    public VerificationResult verifyForm(String url, Map<String, ? extends List<String>> params, String signature) {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(params, "params");
        if (signature == null || signature.isEmpty()) {
            return VerificationResult.rejected("missing " + HEADER + " header");
        }
        return matchesAnyUrlVariant(url, params, signature);
    }

    /** Verifies a JSON webhook: the {@code bodySHA256} query param and the URL-only signature. */
    public VerificationResult verifyJson(String url, byte[] body, String signature) {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(body, "body");
        if (signature == null || signature.isEmpty()) {
            return VerificationResult.rejected("missing " + HEADER + " header");
        }
        String claimedHash = queryParam(url, BODY_HASH_PARAM);
        if (claimedHash == null) {
            return VerificationResult.rejected("JSON webhook URL lacks " + BODY_HASH_PARAM);
        }
        byte[] actualHash = HexFormat.of().formatHex(sha256(body)).getBytes(StandardCharsets.US_ASCII);
        byte[] claimed = claimedHash.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8);
        if (!Hmac.constantTimeEquals(actualHash, claimed)) {
            return VerificationResult.rejected("body does not match " + BODY_HASH_PARAM);
        }
        return matchesAnyUrlVariant(url, Map.of(), signature);
    }

    private VerificationResult matchesAnyUrlVariant(
            String url, Map<String, ? extends List<String>> params, String signature) {
        byte[] given = signature.getBytes(StandardCharsets.UTF_8);
        for (String variant : TwilioUrlVariants.of(url)) {
            byte[] expected = compute(variant, params).getBytes(StandardCharsets.US_ASCII);
            if (Hmac.constantTimeEquals(expected, given)) {
                return VerificationResult.VERIFIED;
            }
        }
        return VerificationResult.rejected("no matching Twilio signature");
    }

    private static SortedMap<String, SortedSet<String>> sortedDistinct(Map<String, ? extends List<String>> params) {
        SortedMap<String, SortedSet<String>> sorted = new TreeMap<>();
        params.forEach((key, values) -> {
            SortedSet<String> set = sorted.computeIfAbsent(key == null ? "" : key, k -> new TreeSet<>());
            if (values == null) {
                set.add("");
                return;
            }
            for (String value : values) {
                set.add(value == null ? "" : value);
            }
        });
        return sorted;
    }

    /** First raw value of {@code name} in the URL's query, or null. Hex needs no percent-decoding. */
    private static String queryParam(String url, String name) {
        int start = url.indexOf('?');
        if (start < 0) {
            return null;
        }
        int end = url.indexOf('#', start);
        String query = url.substring(start + 1, end < 0 ? url.length() : end);
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals(name)) {
                return pair.substring(eq + 1);
            }
        }
        return null;
    }

    private static byte[] sha256(byte[] body) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(body);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }
}
