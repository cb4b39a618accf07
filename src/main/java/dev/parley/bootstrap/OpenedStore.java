package dev.parley.bootstrap;

import dev.parley.adapter.persistence.Database;
import dev.parley.application.store.Transactions;

/**
 * The store a {@link ParleyApp} runs on: the database of its configuration, or one given by the caller
 * ({@code database} null then: an in-memory store, or the demo's shards). {@code close} runs when Parley closes.
 */
record OpenedStore(Database database, Transactions transactions, Runnable close) {
    /** The database {@code db.url} names (the embedded H2 file by default), with its pool. */
    static OpenedStore configured(ParleyConfig config) {
        var database = Database.open(config.get(ConfigKey.DB_URL), config.get(ConfigKey.DB_USER),
                config.get(ConfigKey.DB_PASSWORD), config.getInt(ConfigKey.DB_POOL_SIZE));
        return new OpenedStore(database, database.transactions(), database::close);
    }

    /** A store the caller opened and closes. */
    static OpenedStore given(Transactions transactions, Runnable close) {
        return new OpenedStore(null, transactions, close);
    }
}
