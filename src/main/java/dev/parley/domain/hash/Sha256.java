package dev.parley.domain.hash;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * SHA-256 without the provider lookup of {@code MessageDigest.getInstance} on every use (it was a visible part of
 * every screened message's cost in issue 17's profiles): each digest is a clone of one looked up once. The prototype is
 * never updated, so cloning it from several threads is safe.
 */
public final class Sha256 {
    private static final MessageDigest PROTOTYPE = lookUp();

    private Sha256() {
    }

    /** The SHA-256 of {@code bytes}. */
    public static byte[] of(byte[] bytes) {
        return newDigest().digest(bytes);
    }

    /** A fresh digest, for input given in parts. */
    public static MessageDigest newDigest() {
        try {
            return (MessageDigest) PROTOTYPE.clone();
        } catch (CloneNotSupportedException e) {
            return lookUp();
        }
    }

    private static MessageDigest lookUp() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }
}
