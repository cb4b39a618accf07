package dev.parley.domain.safety;

/** A {@code safety.json} entry that cannot be compiled: names the category and entry, never message text. */
public final class InvalidSafetyPolicyException extends RuntimeException {
    public InvalidSafetyPolicyException(String message) {
        super(message);
    }
}
