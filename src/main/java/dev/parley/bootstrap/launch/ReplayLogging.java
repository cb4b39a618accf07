package dev.parley.bootstrap.launch;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/**
 * Silences Parley's own logs in a replay process: a replayed critical alert must not read like a real one in
 * parley.log, and per-event logging would only slow a replay of thousands of conversations down.
 */
final class ReplayLogging {
    private ReplayLogging() {
    }

    private static Level before;

    static void quiet() {
        if (LoggerFactory.getLogger("dev.parley") instanceof Logger logger) {
            before = logger.getLevel();
            logger.setLevel(Level.OFF);
        }
    }

    /** Parley's logs as they were before {@link #quiet()}. */
    static void restore() {
        if (LoggerFactory.getLogger("dev.parley") instanceof Logger logger) {
            logger.setLevel(before);
        }
    }
}
