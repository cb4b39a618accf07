package dev.parley.application;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * How a failed step is tried again: at most {@code attempts} attempts in all, the n-th retry waiting
 * {@code base × 2^(n-1)}, never more than {@code cap}, shortened by a random share of up to {@code jitter} (0: exact
 * delays, 0.5: between half and all of the delay) so that rows failing together do not retry together.
 * The inbox, the outbox and scheduled jobs each use one of the named policies below (docs/architecture.md, "Retries").
 */
public record RetryPolicy(int attempts, Duration base, Duration cap, double jitter) {

    /** Processing an inbound message: 1 s, 2 s, 4 s, 8 s, then FAILED after the 5th attempt. */
    public static final RetryPolicy INBOX = new RetryPolicy(5, Duration.ofSeconds(1), Duration.ofMinutes(5), 0);

    /**
     * Sending an outbox row that certainly did not leave: 1–2 s, 2–4 s, 4–8 s, 8–16 s, 16–32 s, then FAILED after the
     * 6th attempt. Jittered: a provider outage fails many rows at once.
     */
    public static final RetryPolicy OUTBOX = new RetryPolicy(6, Duration.ofSeconds(2), Duration.ofMinutes(10), 0.5);

    /** Firing a scheduled job: 2 s, 4 s, 8 s, 16 s, then FAILED after the 5th attempt. */
    public static final RetryPolicy JOBS = new RetryPolicy(5, Duration.ofSeconds(2), Duration.ofMinutes(10), 0);

    /**
     * Recording a send's outcome while the store cannot be reached (a PostgreSQL restart, a lost connection): 0.5 s,
     * 1 s, 2 s, 4 s, then every 5 s, 60 attempts (about 5 minutes), the outcome held in memory meanwhile.
     */
    public static final RetryPolicy RECORDING = new RetryPolicy(60, Duration.ofMillis(500), Duration.ofSeconds(5), 0);

    public RetryPolicy {
        if (attempts < 1) throw new IllegalArgumentException("attempts must be at least 1");
        if (base.isNegative() || cap.compareTo(base) < 0) throw new IllegalArgumentException("need 0 <= base <= cap");
        if (jitter < 0 || jitter > 1) throw new IllegalArgumentException("jitter must be within 0..1");
    }

    /** After {@code failedAttempts} attempts failed: when to try again, or empty when the step has failed for good. */
    public Optional<Instant> nextAttempt(int failedAttempts, Instant now, RandomGenerator random) {
        return failedAttempts >= attempts ? Optional.empty() : Optional.of(now.plus(delay(failedAttempts, random)));
    }

    /** The wait before the attempt that follows {@code failedAttempts} failed ones (at least 1). */
    public Duration delay(int failedAttempts, RandomGenerator random) {
        int doublings = Math.min(Math.max(failedAttempts, 1) - 1, 30);
        long millis = Math.min(cap.toMillis(), base.toMillis() << doublings);
        if (millis < 0 || millis > cap.toMillis()) millis = cap.toMillis();
        long shortenBy = jitter == 0 ? 0 : (long) (random.nextDouble() * jitter * millis);
        return Duration.ofMillis(millis - shortenBy);
    }
}
