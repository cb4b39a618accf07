package dev.parley.adapter.memory;

import dev.parley.application.store.Store;
import dev.parley.application.store.StoreUnavailableException;
import dev.parley.application.store.Transactions;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * A store held in plain Java collections, for replays and benchmarks: isolated, temporary, never on disk.
 * Behaves as the Hibernate store does (same ids, orders, unique and foreign keys; the contract tests keep the two
 * equal), but every unit of work runs under one lock, so transactions are serial.
 *
 * <p>A unit of work that throws leaves no trace: each write records its undo, and a failure undoes them newest
 * first. A nested {@code inTransaction} on the same thread joins the running one; if the nested work throws, only
 * its own writes are undone (like a savepoint) and the exception goes on to the caller. Id sequences are not rolled
 * back, as database identities are not.
 */
public final class InMemoryTransactions implements Transactions, AutoCloseable {
    private final ReentrantLock lock = new ReentrantLock();
    private final UndoLog undo;
    private final InMemoryStore store;
    private volatile boolean closed;

    /** A store whose ids run 1, 2, 3, … as a database's do. */
    public InMemoryTransactions() {
        this(IdSpacing.ALL);
    }

    private InMemoryTransactions(IdSpacing spacing) {
        this.undo = new UndoLog(lock, spacing);
        this.store = new InMemoryStore(undo);
    }

    /**
     * The store of shard {@code shard} (from 0) of {@code shards} run side by side: every table issues the ids
     * {@code shard + 1}, {@code shard + 1 + shards}, … only, so the shards' rows never share an id.
     */
    public static InMemoryTransactions shard(int shard, int shards) {
        return new InMemoryTransactions(new IdSpacing(shard + 1, shards));
    }

    @Override
    public <T> T inTransaction(Function<Store, T> work) {
        lock.lock();
        dev.parley.application.TransactionScope.enter();
        try {
            if (closed) throw new StoreUnavailableException("in-memory store closed", null);
            boolean outermost = lock.getHoldCount() == 1;
            int mark = undo.mark();
            try {
                var result = work.apply(store);
                if (outermost) undo.forget();  // commit: the writes stay, their undo is no longer needed
                return result;
            } catch (Throwable failure) {
                undo.rollbackTo(mark);
                throw failure;
            }
        } finally {
            dev.parley.application.TransactionScope.exit();
            lock.unlock();
        }
    }

    /**
     * Drops conversation {@code conversationId} and the rows that belong to it (see {@code InMemoryStore}), in one
     * unit of work, for a caller that has copied them elsewhere and will not touch the conversation again (the demo
     * frees its shards' memory so). The ids it used are not issued again.
     */
    public void forgetConversation(long conversationId) {
        inTransaction(s -> {
            store.forgetConversation(conversationId);
            return null;
        });
    }

    /** Refuses every later unit of work, as a closed database does. The rows are left to the garbage collector. */
    @Override
    public void close() {
        closed = true;
    }
}
