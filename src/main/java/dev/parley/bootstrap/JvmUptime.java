package dev.parley.bootstrap;

import java.time.Duration;
import java.time.Instant;

/** How long this JVM has run, for the start-up log lines {@code parley bench startup} reads (docs/benchmarks.md). */
public final class JvmUptime {
    private JvmUptime() {
    }

    /** Milliseconds since this process started, to the system's clock tick; -1 when the system does not say. */
    public static long millis() {
        return ProcessHandle.current().info().startInstant()
                .map(started -> Duration.between(started, Instant.now()).toMillis()).orElse(-1L);
    }
}
