package dev.parley.adapter.persistence;

import dev.parley.application.store.StoreContractTest;
import dev.parley.application.store.Transactions;
import dev.parley.testing.PostgresCluster;
import java.util.function.Consumer;

/** The store contract on the Hibernate store, on a fresh database of a real PostgreSQL (team mode, docs/team.md). */
class PostgresStoreContractTest extends StoreContractTest {
    @Override
    protected AutoCloseable open(Consumer<Transactions> store) {
        var cluster = PostgresCluster.shared();
        var database = Database.open(cluster.newDatabase(), PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD, 2);
        store.accept(database.transactions());
        return database;
    }
}
