package dev.parley.adapter.persistence;

import dev.parley.application.store.BuyerStoreContractTest;
import dev.parley.application.store.Transactions;
import dev.parley.testing.H2StoreTemplate;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.io.TempDir;

class HibernateBuyerStoreContractTest extends BuyerStoreContractTest {
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
