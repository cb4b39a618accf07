package dev.parley.application;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * How a failed step is tried again, the one way in Parley (docs/architecture.md, "Retries"; ADR 0022): at most
 * {@code attempts} attempts in all, the n-th retry waiting {@code base × 2^(n-1)}, never more than {@code cap},
 * shortened by a random share of up to {@code jitter} (0: exact delays, 0.5: between half and all of the delay) so
 * that steps failing together do not retry together. The random source is always the caller's (a replay's is
 * seeded). Durable steps (inbox, outbox, jobs) store the {@link #nextAttempt next attempt's time} in their row; steps
 * that retry in place wait {@link #delay} with a {@link Sleeper}.
 */
public record RetryPolicy(int attempts, Duration base, Duration cap, double jitter) {
    /** For steps that try until they are stopped (a poller, a listener). */
    public static final int UNTIL_STOPPED = Integer.MAX_VALUE;

    /** Processing an inbound message: 1 s, 2 s, 4 s, 8 s, then FAILED after the 5th attempt. */
    public static final RetryPolicy INBOX = new RetryPolicy(5, Duration.ofSeconds(1), Duration.ofMinutes(5), 0);

    /**
     * Sending an outbox row that certainly did not leave: 1–2 s, 2–4 s, 4–8 s, 8–16 s, 16–32 s, then FAILED after the
     * 6th attempt. Jittered: a provider outage fails many rows at once.
     */
    public static final RetryPolicy OUTBOX = new RetryPolicy(6, Duration.ofSeconds(2), Duration.ofMinutes(10), 0.5);

    /** Firing a scheduled job: 2 s, 4 s, 8 s, 16 s, then FAILED after the 5th attempt. */
    public static final RetryPolicy JOBS = new RetryPolicy(5, Duration.ofSeconds(2), Duration.ofMinutes(10), 0);

    /** A transaction that lost a race to another writer: 5–10, 10–20, 20–40, 40–80 ms, then the race is a failure. */
    public static final RetryPolicy CONFLICT = new RetryPolicy(5, Duration.ofMillis(10), Duration.ofSeconds(1), 0.5);

    /** Telegram's getMe and getUpdates: 0.5–1 s, 1–2 s, … at most 60 s, until the poller stops. */
    public static final RetryPolicy TELEGRAM = new RetryPolicy(UNTIL_STOPPED, Duration.ofSeconds(1),
            Duration.ofSeconds(60), 0.5);

    /** Team mode's LISTEN connection to PostgreSQL: 0.5–1 s, 1–2 s, … at most 10 s, until it is back. */
    public static final RetryPolicy EVENTS = new RetryPolicy(UNTIL_STOPPED, Duration.ofSeconds(1),
            Duration.ofSeconds(10), 0.5);

    /** Share of a server's own wait ({@code Retry-After}) added at random, so clients told alike do not return alike. */
    private static final double ABOVE_ASKED = 0.1;

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

    /**
     * A model call ({@code model.max_retries} retries): 0.25–0.75 s, 0.5–1.5 s, 1–3 s, … at most 12 s. The model's
     * own {@code Retry-After} is waited instead when it sends one ({@link #aboveAsked}).
     */
    public static RetryPolicy model(int retries) {
        return new RetryPolicy(retries + 1, Duration.ofMillis(750), Duration.ofSeconds(12), 2.0 / 3);
    }

    /** Whether a step that failed {@code failedAttempts} times is tried again. */
    public boolean triesAgainAfter(int failedAttempts) {
        return failedAttempts < attempts;
    }

    /** After {@code failedAttempts} attempts failed: when to try again, or empty when the step has failed for good. */
    public Optional<Instant> nextAttempt(int failedAttempts, Instant now, RandomGenerator random) {
        return triesAgainAfter(failedAttempts) ? Optional.of(now.plus(delay(failedAttempts, random))) : Optional.empty();
    }

    /** The wait before the attempt that follows {@code failedAttempts} failed ones (at least 1). */
    public Duration delay(int failedAttempts, RandomGenerator random) {
        int doublings = Math.min(Math.max(failedAttempts, 1) - 1, 30);
        long millis = Math.min(cap.toMillis(), base.toMillis() << doublings);
        if (millis < 0 || millis > cap.toMillis()) millis = cap.toMillis();
        long shortenBy = jitter == 0 ? 0 : (long) (random.nextDouble() * jitter * millis);
        return Duration.ofMillis(millis - shortenBy);
    }

    /** What a server asked to wait ({@code Retry-After}), plus up to a tenth more. */
    public static Duration aboveAsked(Duration asked, RandomGenerator random) {
        return asked.plusMillis((long) (asked.toMillis() * ABOVE_ASKED * random.nextDouble()));
    }
}
