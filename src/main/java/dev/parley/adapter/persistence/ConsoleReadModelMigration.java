package dev.parley.adapter.persistence;

import org.flywaydb.core.api.migration.Context;

/**
 * V101: fills the console's read model of a store that existed before V100 (queue columns of every conversation,
 * search terms of every conversation and message), with the same code that keeps them afterwards.
 */
final class ConsoleReadModelMigration extends VersionedJavaMigration {
    ConsoleReadModelMigration() {
        super(101, "console read model");
    }

    @Override
    public void migrate(Context context) throws Exception {
        var connection = context.getConnection();
        QueueReadModel.refreshAll(connection);
        SearchIndex.rebuild(connection);
    }
}
