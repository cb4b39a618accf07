package dev.parley.domain.safety;

/**
 * Port: told when the validator failed inside and answered fail-safe. Implementations log the trace id and the
 * exception's class and stack (redacted), never the content.
 */
@FunctionalInterface
public interface ValidationFailureListener {
    void failed(String traceId, RuntimeException failure);

    /** Ignores failures (tests that assert on the fail-safe result). */
    ValidationFailureListener IGNORE = (traceId, failure) -> { };
}
