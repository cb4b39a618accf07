package dev.parley.testing;

import dev.parley.bootstrap.ConfigKey;
import java.util.Map;

/** The two stores Parley runs on, for tests that run against both: the embedded H2 file and a shared PostgreSQL. */
public enum TestStore {
    /** The default: an H2 file in the Parley home (no settings needed). */
    H2,
    /** A fresh database of the test JVM's {@link PostgresCluster}. */
    POSTGRES;

    /** The settings that put a Parley on this store: none for H2, a new database's URL and login for PostgreSQL. */
    public Map<ConfigKey, String> settings() {
        if (this == H2) return Map.of();
        return Map.of(ConfigKey.DB_URL, PostgresCluster.shared().newDatabase(),
                ConfigKey.DB_USER, PostgresCluster.SUPERUSER, ConfigKey.DB_PASSWORD, PostgresCluster.PASSWORD);
    }
}
