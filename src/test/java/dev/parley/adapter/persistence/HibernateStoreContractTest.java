package dev.parley.adapter.persistence;

import dev.parley.application.store.StoreContractTest;
import dev.parley.application.store.Transactions;
import dev.parley.testing.H2StoreTemplate;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.io.TempDir;

/** The store contract on the Hibernate store, on a fresh H2 file. */
class HibernateStoreContractTest extends StoreContractTest {
    @TempDir Path dir;

    @Override
    protected AutoCloseable open(Consumer<Transactions> store) {
        var url = "jdbc:h2:file:" + dir.resolve("contract") + ";WRITE_DELAY=0";
        H2StoreTemplate.seed(url, "sa", "");
        var database = Database.open(url, "sa", "", 2);
        store.accept(database.transactions());
        return database;
    }
}
