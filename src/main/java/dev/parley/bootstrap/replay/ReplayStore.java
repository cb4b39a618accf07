package dev.parley.bootstrap.replay;

import java.util.Locale;

/** The store a replay runs on: in memory (the default, fast) or an in-memory H2 database (to check the two agree). */
public enum ReplayStore {
    MEMORY, H2;

    /** {@code memory} or {@code h2}, as given on the command line. */
    public static ReplayStore of(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }
}
