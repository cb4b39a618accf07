package dev.parley.adapter.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.application.store.StoreContractTest;
import dev.parley.application.store.StoreUnavailableException;
import dev.parley.application.store.Transactions;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The store contract on the in-memory store, plus what only it promises (joined nested work, closing). */
class InMemoryStoreContractTest extends StoreContractTest {
    private InMemoryTransactions memory;

    @Override
    protected AutoCloseable open(Consumer<Transactions> store) {
        memory = new InMemoryTransactions();
        store.accept(memory);
        return memory;
    }

    @Test
    void nestedWorkJoinsTheOuterTransaction() {
        assertThatThrownBy(() -> tx.run(outer -> {
            outer.contacts().findOrCreate("sms", "+1", null, T0);
            tx.run(inner -> assertThat(inner.contacts().find(1)).isPresent());
            tx.run(inner -> inner.contacts().findOrCreate("sms", "+2", null, T0));
            throw new IllegalStateException("boom");
        })).isInstanceOf(IllegalStateException.class);
        // The outer failure undid the nested work too.
        assertThat(tx.inTransaction((dev.parley.application.store.Store s) -> s.contacts().find(2))).isEmpty();
    }

    @Test
    void nestedWorkThatThrowsUndoesOnlyItsOwnWrites() {
        tx.run(outer -> {
            outer.contacts().findOrCreate("sms", "+1", null, T0);
            try {
                tx.run(inner -> {
                    inner.contacts().findOrCreate("sms", "+2", null, T0);
                    throw new IllegalStateException("inner");
                });
            } catch (IllegalStateException expected) {
                // the outer work goes on
            }
        });
        assertThat(tx.inTransaction((dev.parley.application.store.Store s) -> s.contacts().find(1))).isPresent();
        assertThat(tx.inTransaction((dev.parley.application.store.Store s) -> s.contacts().find(2))).isEmpty();
    }

    /** The stores of the demo's shards: each issues every n-th id only, and finds its rows by them. */
    @Test
    void aShardsStoreIssuesItsOwnResidueOfIds() {
        var second = InMemoryTransactions.shard(1, 2);
        var ids = second.inTransaction(s -> {
            var a = s.contacts().findOrCreate("sms", "+1", null, T0);
            var b = s.contacts().findOrCreate("sms", "+2", null, T0);
            var c = s.conversations().create("sms", "+2", "outreach", "Start", b.id(), T0);
            return java.util.List.of(a.id(), b.id(), c.id());
        });
        assertThat(ids).containsExactly(2L, 4L, 2L);
        second.run(s -> {
            assertThat(s.contacts().find(4)).map(c -> c.address()).contains("+2");
            assertThat(s.contacts().find(1)).isEmpty();
            assertThat(s.contacts().find(3)).isEmpty();
            assertThat(s.conversations().find(2)).map(c -> c.contactId()).contains(4L);
            assertThat(s.conversations().count()).isEqualTo(1);
        });
    }

    @Test
    void aStoreKeptPastItsTransactionRefusesWork() {
        var leaked = tx.inTransaction((dev.parley.application.store.Store s) -> s);
        assertThatThrownBy(() -> leaked.contacts().find(1)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aClosedStoreIsUnavailable() {
        memory.close();
        assertThatThrownBy(() -> tx.inTransaction((dev.parley.application.store.Store s) -> s.conversations().count()))
                .isInstanceOf(StoreUnavailableException.class);
    }
}
