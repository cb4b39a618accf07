package dev.parley.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** The one retry policy: every backoff in Parley is one of its named values, jittered from the caller's random. */
class RetryPolicyTest {
    /** A random source that must not be asked: exact policies draw nothing. */
    static final RandomGenerator NEVER = () -> {
        throw new AssertionError("an exact policy drew a random number");
    };
    static final RandomGenerator LOWEST = new RandomGenerator() {
        @Override
        public long nextLong() {
            return 0;
        }

        @Override
        public double nextDouble() {
            return 0;
        }
    };
    static final RandomGenerator HIGHEST = new RandomGenerator() {
        @Override
        public long nextLong() {
            return -1;
        }

        @Override
        public double nextDouble() {
            return Math.nextDown(1.0);
        }
    };

    @Test
    void exactPoliciesDoubleUpToTheirAttemptsAndDrawNoRandomNumber() {
        var now = Instant.parse("2026-03-01T10:00:00Z");
        assertThat(RetryPolicy.INBOX.nextAttempt(1, now, NEVER)).contains(now.plusSeconds(1));
        assertThat(RetryPolicy.INBOX.nextAttempt(4, now, NEVER)).contains(now.plusSeconds(8));
        assertThat(RetryPolicy.INBOX.nextAttempt(5, now, NEVER)).isEmpty();
        assertThat(RetryPolicy.JOBS.nextAttempt(4, now, NEVER)).contains(now.plusSeconds(16));
        assertThat(RetryPolicy.JOBS.triesAgainAfter(5)).isFalse();
    }

    @Test
    void jitterShortensADelayByAtMostItsShare() {
        assertThat(RetryPolicy.OUTBOX.delay(1, LOWEST)).isEqualTo(Duration.ofSeconds(2));
        assertThat(RetryPolicy.OUTBOX.delay(1, HIGHEST)).isBetween(Duration.ofMillis(1000), Duration.ofMillis(1001));
        assertThat(RetryPolicy.CONFLICT.delay(4, LOWEST)).isEqualTo(Duration.ofMillis(80));
        assertThat(RetryPolicy.CONFLICT.delay(1, HIGHEST)).isBetween(Duration.ofMillis(5), Duration.ofMillis(6));
        assertThat(RetryPolicy.CONFLICT.triesAgainAfter(4)).isTrue();
        assertThat(RetryPolicy.CONFLICT.triesAgainAfter(5)).isFalse();
    }

    @Test
    void theModelsBackoffKeepsItsRangesAndItsRetries() {
        var model = RetryPolicy.model(2);
        assertThat(model.triesAgainAfter(2)).isTrue();
        assertThat(model.triesAgainAfter(3)).isFalse();
        assertThat(RetryPolicy.model(0).triesAgainAfter(1)).isFalse();
        assertThat(model.delay(1, LOWEST)).isEqualTo(Duration.ofMillis(750));
        assertThat(model.delay(1, HIGHEST)).isBetween(Duration.ofMillis(250), Duration.ofMillis(251));
        assertThat(model.delay(2, LOWEST)).isEqualTo(Duration.ofMillis(1500));
        assertThat(model.delay(10, LOWEST)).as("capped").isEqualTo(Duration.ofSeconds(12));
    }

    @Test
    void pollersTryUntilStoppedWithinTheirCap() {
        assertThat(RetryPolicy.TELEGRAM.triesAgainAfter(1_000_000)).isTrue();
        assertThat(RetryPolicy.TELEGRAM.delay(1, HIGHEST)).isBetween(Duration.ofMillis(500), Duration.ofMillis(501));
        assertThat(RetryPolicy.TELEGRAM.delay(1_000, LOWEST)).isEqualTo(Duration.ofSeconds(60));
        assertThat(RetryPolicy.EVENTS.delay(1_000, LOWEST)).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aServersOwnWaitIsKeptWithUpToATenthMore() {
        assertThat(RetryPolicy.aboveAsked(Duration.ofSeconds(2), LOWEST)).isEqualTo(Duration.ofSeconds(2));
        assertThat(RetryPolicy.aboveAsked(Duration.ofSeconds(2), HIGHEST)).isBetween(Duration.ofMillis(2199),
                Duration.ofMillis(2200));
    }

    @Test
    void theSameSeedGivesTheSameDelays() {
        var a = new Random(42);
        var b = new Random(42);
        for (int attempt = 1; attempt <= 6; attempt++) {
            assertThat(RetryPolicy.OUTBOX.delay(attempt, a)).isEqualTo(RetryPolicy.OUTBOX.delay(attempt, b));
        }
    }

    @Test
    void nonsenseIsRefused() {
        assertThatThrownBy(() -> new RetryPolicy(0, Duration.ZERO, Duration.ZERO, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RetryPolicy(1, Duration.ofSeconds(2), Duration.ofSeconds(1), 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RetryPolicy(1, Duration.ZERO, Duration.ZERO, 1.5))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
