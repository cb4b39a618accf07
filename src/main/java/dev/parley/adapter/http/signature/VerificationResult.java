package dev.parley.adapter.http.signature;

import java.util.Objects;

/**
 * Outcome of checking an inbound webhook's signature.
 *
 * <p>The {@link Rejected#reason()} is meant for internal logs and metrics only; never send it back
 * to the caller, since it tells an attacker which check failed.
 */
public sealed interface VerificationResult {

    /** The request was signed by a holder of one of our secrets and is fresh. */
    record Verified() implements VerificationResult {}

    /** The request must be dropped; {@code reason} is a fixed, content-free description. */
    record Rejected(String reason) implements VerificationResult {
        public Rejected {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** Shared instance: {@code Verified} carries no state. */
    VerificationResult VERIFIED = new Verified();

    static VerificationResult rejected(String reason) {
        return new Rejected(reason);
    }

    default boolean isVerified() {
        return this instanceof Verified;
    }
}
