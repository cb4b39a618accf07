package dev.parley.testing;

import dev.parley.application.store.Store;
import dev.parley.application.store.Transactions;
import java.util.function.Function;

/** A store's transactions, telling whether the calling thread is inside one of them (tests of what runs outside). */
public final class OpenTransactions implements Transactions {
    private final Transactions inner;
    private final ThreadLocal<Integer> depth = ThreadLocal.withInitial(() -> 0);

    public OpenTransactions(Transactions inner) {
        this.inner = inner;
    }

    /** Whether the calling thread is inside a transaction of this store now. */
    public boolean open() {
        return depth.get() > 0;
    }

    @Override
    public <T> T inTransaction(Function<Store, T> work) {
        depth.set(depth.get() + 1);
        try {
            return inner.inTransaction(work);
        } finally {
            depth.set(depth.get() - 1);
        }
    }
}
