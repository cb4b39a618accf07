package dev.parley.application.alerts.training;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Cross-validation folds by group: every row of one post (or every copy of one text) falls in the same fold, so
 * a head is never scored on a window whose neighbours it learnt from. The fold is a hash of the group, so it does
 * not depend on row order or on the other rows.
 */
final class Folds {
    private Folds() {
    }

    static int of(String group, int folds) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(group.getBytes(StandardCharsets.UTF_8));
            long value = ((digest[0] & 0xffL) << 24) | ((digest[1] & 0xffL) << 16) | ((digest[2] & 0xffL) << 8)
                    | (digest[3] & 0xffL);
            return (int) (value % folds);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
