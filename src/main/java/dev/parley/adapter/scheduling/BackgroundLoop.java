package dev.parley.adapter.scheduling;

import dev.parley.application.RedactedThrowable;
import dev.parley.application.pipeline.WorkSignal;
import dev.parley.application.store.StoreUnavailableException;
import java.time.Duration;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a unit of work on its own thread, again at once while it finds work, otherwise after a poll interval or
 * as soon as someone {@link #wake() wakes} it. Errors are logged and the loop carries on.
 */
public final class BackgroundLoop implements WorkSignal, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BackgroundLoop.class);
    private final String name;
    private final IntSupplier work;
    private final Duration pollInterval;
    private final Object monitor = new Object();
    /** Volatile so that {@link #wake()} can skip the monitor when a wake is already pending. */
    private volatile boolean woken;
    private volatile boolean running;
    private Thread thread;

    public BackgroundLoop(String name, IntSupplier work, Duration pollInterval) {
        this.name = name;
        this.work = work;
        this.pollInterval = pollInterval;
    }

    public synchronized void start() {
        if (running) return;
        running = true;
        thread = Thread.ofPlatform().name("parley-" + name).daemon(true).start(this::loop);
    }

    @Override
    public void wake() {
        // Hot path: called once per message by many threads; a pending wake already covers this caller's work,
        // because the loop clears the flag before it runs the work again.
        if (woken) return;
        synchronized (monitor) {
            woken = true;
            monitor.notifyAll();
        }
    }

    private void loop() {
        while (running) {
            int done;
            try {
                done = work.getAsInt();
            } catch (StoreUnavailableException e) {
                LOG.warn("{} loop: store unavailable ({})", name, RedactedThrowable.describe(
                        e.getCause() != null ? e.getCause() : e));
                done = 0;
            } catch (RuntimeException e) {
                LOG.error("{} loop failed", name, RedactedThrowable.of(e));
                done = 0;
            }
            if (done == 0) {
                awaitWake();
            }
        }
    }

    private void awaitWake() {
        synchronized (monitor) {
            if (!woken && running) {
                try {
                    monitor.wait(pollInterval.toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    running = false;
                }
            }
            woken = false;
        }
    }

    @Override
    public void close() {
        Thread t;
        synchronized (this) {
            running = false;
            t = thread;
        }
        wake();
        if (t != null) {
            try {
                t.join(Duration.ofSeconds(15));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
