package dev.parley.application.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.application.RetryPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Runs again after a lost race, a bounded number of times, and tells the work when it runs after one. */
class RetryOnConflictTest {
    /** Transactions whose work loses the first {@code losses} races; the store is not looked at by the work here. */
    static Transactions losing(int losses) {
        return new Transactions() {
            int lost;

            @Override
            public <T> T inTransaction(Function<Store, T> work) {
                T result = work.apply(null);
                if (lost++ < losses) throw new ConcurrentUpdateException("StaleStateException", null);
                return result;
            }
        };
    }

    @Test
    void theWorkIsToldWhetherItRunsAfterALostRace() {
        List<Boolean> told = new ArrayList<>();
        var answer = new RetryOnConflict(losing(2), "test", new Random(1)).inTransaction((store, afterLostRace) -> {
            told.add(afterLostRace);
            return "done";
        });
        assertThat(answer).isEqualTo("done");
        assertThat(told).containsExactly(false, true, true);
    }

    @Test
    void aWinningFirstAttemptIsNotToldOfARace() {
        List<Boolean> told = new ArrayList<>();
        new RetryOnConflict(losing(0), "test", new Random(1)).inTransaction((store, afterLostRace) -> told.add(afterLostRace));
        assertThat(told).containsExactly(false);
    }

    @Test
    void afterTheLastAttemptTheRaceIsTheCallers() {
        var attempts = new int[1];
        assertThatThrownBy(() -> new RetryOnConflict(losing(Integer.MAX_VALUE), "test", new Random(1))
                .inTransaction((Function<Store, Object>) store -> attempts[0]++))
                .isInstanceOf(ConcurrentUpdateException.class);
        assertThat(attempts[0]).isEqualTo(RetryPolicy.CONFLICT.attempts());
    }
}
