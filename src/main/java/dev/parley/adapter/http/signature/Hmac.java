package dev.parley.adapter.http.signature;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Thin wrapper over {@link Mac}: a fresh instance per call, because {@code Mac} is not thread-safe. */
final class Hmac {

    static final String SHA256 = "HmacSHA256";
    static final String SHA1 = "HmacSHA1";

    private Hmac() {}

    static byte[] compute(String algorithm, byte[] key, byte[]... parts) {
        try {
            Mac mac = Mac.getInstance(algorithm);
            mac.init(new SecretKeySpec(key, algorithm));
            for (byte[] part : parts) {
                mac.update(part);
            }
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            // Both algorithms are mandatory in every JDK; failing here is a broken runtime.
            throw new IllegalStateException(algorithm + " unavailable", e);
        }
    }

    /** Constant-time comparison; {@link MessageDigest#isEqual} does not short-circuit on content. */
    static boolean constantTimeEquals(byte[] expected, byte[] actual) {
        return MessageDigest.isEqual(expected, actual);
    }
}
