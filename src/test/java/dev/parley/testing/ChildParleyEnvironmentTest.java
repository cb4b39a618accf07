package dev.parley.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A child Parley that may be killed with kill -9 takes its own libfaketime semaphore, keeping the faked clock. */
class ChildParleyEnvironmentTest {
    @Test
    void aChildKeepsTheFakedClockButNotTheRunsSharedSemaphore() {
        var environment = new HashMap<>(Map.of("LD_PRELOAD", "/usr/$LIB/faketime/libfaketimeMT.so.1",
                "FAKETIME", "+8h", "FAKETIME_SHARED", "/faketime_sem_1 /faketime_shm_1", "PATH", "/usr/bin"));
        ChildParley.withOwnFaketimeLock(environment);
        assertThat(environment).containsExactlyInAnyOrderEntriesOf(Map.of(
                "LD_PRELOAD", "/usr/$LIB/faketime/libfaketimeMT.so.1", "FAKETIME", "+8h", "PATH", "/usr/bin"));

        var withoutFaketime = new HashMap<>(Map.of("PATH", "/usr/bin"));
        ChildParley.withOwnFaketimeLock(withoutFaketime);
        assertThat(withoutFaketime).containsExactlyEntriesOf(Map.of("PATH", "/usr/bin"));
    }
}
