package dev.parley.adapter.safety;

/** {@code safety.json} cannot be read or used: names the file, the key and the reason. */
public final class SafetyPolicyFileException extends RuntimeException {
    public SafetyPolicyFileException(String message) {
        super(message);
    }

    public SafetyPolicyFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
