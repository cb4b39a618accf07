package dev.parley.adapter.memory;

import dev.parley.application.store.BuyerStoreContractTest;
import dev.parley.application.store.Transactions;
import java.util.function.Consumer;

class InMemoryBuyerStoreContractTest extends BuyerStoreContractTest {
    @Override
    protected AutoCloseable open(Consumer<Transactions> store) {
        var memory = new InMemoryTransactions();
        store.accept(memory);
        return memory;
    }
}
