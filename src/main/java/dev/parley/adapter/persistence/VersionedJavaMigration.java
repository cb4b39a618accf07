package dev.parley.adapter.persistence;

import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * A Flyway migration written in Java that runs once, at its version, in the migration's transaction. Its checksum is
 * its version: what it does is fixed once it has shipped, as a SQL migration's text is.
 */
abstract class VersionedJavaMigration implements JavaMigration {
    private final int version;
    private final String description;

    VersionedJavaMigration(int version, String description) {
        this.version = version;
        this.description = description;
    }

    @Override
    public final MigrationVersion getVersion() {
        return MigrationVersion.fromVersion(Integer.toString(version));
    }

    @Override
    public final String getDescription() {
        return description;
    }

    @Override
    public final Integer getChecksum() {
        return version;
    }

    @Override
    public final boolean canExecuteInTransaction() {
        return true;
    }
}
