package dev.parley.application;

import java.time.Duration;

/** Waits between the attempts of a step that retries in place ({@link RetryPolicy#delay}); tests record the waits. */
@FunctionalInterface
public interface Sleeper {
    Sleeper REAL = Thread::sleep;

    void sleep(Duration duration) throws InterruptedException;
}
