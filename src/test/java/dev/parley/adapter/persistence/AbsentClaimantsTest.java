package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class AbsentClaimantsTest {
    static final Instant T0 = Instant.parse("2026-05-01T10:00:00Z");
    final AbsentClaimants absent = new AbsentClaimants(Duration.ofSeconds(30));

    @Test
    void aProcessIsTakenForGoneOnlyOnceItsLockWasSeenMissingForTheWholeWait() {
        assertThat(absent.gone(List.of(7L), List.of(), T0)).isEmpty();
        assertThat(absent.gone(List.of(7L), List.of(), T0.plusSeconds(29))).isEmpty();
        assertThat(absent.gone(List.of(7L), List.of(), T0.plusSeconds(30))).containsExactly(7L);
    }

    @Test
    void aLockSeenAgainStartsTheWaitAfresh() {
        absent.gone(List.of(7L), List.of(), T0);
        absent.gone(List.of(), List.of(), T0.plusSeconds(10)); // registered again
        assertThat(absent.gone(List.of(7L), List.of(), T0.plusSeconds(35))).as("missing again since 35 s").isEmpty();
        assertThat(absent.gone(List.of(7L), List.of(), T0.plusSeconds(65))).containsExactly(7L);
    }

    @Test
    void aProcessThatStoppedIsGoneAtOnce() {
        assertThat(absent.gone(List.of(7L, 8L), List.of(8L), T0)).containsExactly(8L);
    }
}
