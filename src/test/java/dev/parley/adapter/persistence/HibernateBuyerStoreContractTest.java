package dev.parley.adapter.persistence;

import dev.parley.application.store.BuyerStoreContractTest;
import dev.parley.application.store.Transactions;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.io.TempDir;

class HibernateBuyerStoreContractTest extends BuyerStoreContractTest {
    @TempDir Path dir;

    @Override
    protected AutoCloseable open(Consumer<Transactions> store) {
        var database = Database.open("jdbc:h2:file:" + dir.resolve("contract") + ";WRITE_DELAY=0", "sa", "", 2);
        store.accept(database.transactions());
        return database;
    }
}
