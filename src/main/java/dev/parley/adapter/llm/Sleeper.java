package dev.parley.adapter.llm;

import java.time.Duration;

/** Waits between retries; tests record the waits instead of sleeping. */
@FunctionalInterface
public interface Sleeper {
    Sleeper REAL = d -> Thread.sleep(d);

    void sleep(Duration duration) throws InterruptedException;
}
