package dev.parley.bootstrap.launch;

import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * SIGTERM and SIGINT stop Parley in order <em>before</em> the JVM shuts down, then exit with the usual status
 * (128 + the signal's number).
 *
 * <p>Why not only a shutdown hook: JVM shutdown hooks run concurrently, and ONNX Runtime registers one that releases
 * its native environment. A message being embedded (or the model warming up) when a stop arrives then ran on a
 * released environment and the process died in {@code libonnxruntime} (SIGSEGV) before the store was closed
 * (microsoft/onnxruntime#31352; their PR #10670: "not possible to prevent from within Java"). Handling the signal
 * ourselves lets the listener, workers and the warm-up finish first; the hooks that run afterwards find nothing in
 * flight. Parley's shutdown hook stays for every other way out (System.exit, SIGHUP) and does nothing the second
 * time.
 */
final class StopSignals {
    private static final Logger LOG = LoggerFactory.getLogger(StopSignals.class);

    private StopSignals() {
    }

    /** Runs {@code closeOnce} on SIGTERM or SIGINT, then exits; a signal the platform or JVM refuses is left as is. */
    static void install(Runnable closeOnce) {
        for (var name : List.of("TERM", "INT")) {
            try {
                Signal.handle(new Signal(name), signal -> {
                    try {
                        closeOnce.run();
                    } catch (RuntimeException e) {
                        LOG.error("stopping on SIG{} failed", signal.getName(), e);
                    }
                    System.exit(128 + signal.getNumber());
                });
            } catch (IllegalArgumentException | UnsupportedOperationException notAvailable) {
                // No such signal here, or the JVM keeps it (-Xrs): the shutdown hook alone stops Parley.
                LOG.debug("SIG{} left to the JVM ({})", name, notAvailable.getMessage());
            }
        }
    }
}
