package dev.parley.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The test PostgreSQL is started without libfaketime, whose preload breaks the server's timers. */
class PostgresClusterEnvironmentTest {
    @Test
    void libfaketimeIsLeftOutOfTheServersEnvironmentAndOtherPreloadsKept() {
        var environment = new HashMap<>(Map.of("LD_PRELOAD", "/usr/$LIB/faketime/libfaketimeMT.so.1 /opt/libother.so",
                "FAKETIME", "+8h", "FAKETIME_SHARED", "/faketime_sem_1 /faketime_shm_1", "PATH", "/usr/bin"));
        PostgresCluster.withoutFakedClock(environment);
        assertThat(environment).containsExactlyInAnyOrderEntriesOf(Map.of("LD_PRELOAD", "/opt/libother.so",
                "PATH", "/usr/bin"));

        var onlyFaketime = new HashMap<>(Map.of("LD_PRELOAD", "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"));
        PostgresCluster.withoutFakedClock(onlyFaketime);
        assertThat(onlyFaketime).isEmpty();
    }
}
