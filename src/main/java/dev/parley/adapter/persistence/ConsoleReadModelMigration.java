package dev.parley.adapter.persistence;

import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * V101: fills the console's read model of a store that existed before V100 (queue columns of every conversation,
 * search terms of every conversation and message), with the same code that keeps them afterwards.
 */
final class ConsoleReadModelMigration implements JavaMigration {
    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion("101");
    }

    @Override
    public String getDescription() {
        return "console read model";
    }

    @Override
    public Integer getChecksum() {
        return 101;
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws Exception {
        var connection = context.getConnection();
        QueueReadModel.refreshAll(connection);
        SearchIndex.rebuild(connection);
    }
}
