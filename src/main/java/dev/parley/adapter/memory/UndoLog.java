package dev.parley.adapter.memory;

import java.util.ArrayList;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The undo actions of the running transaction, newest last. Rolling back runs them newest first, so the tables
 * (and their indexes) return exactly to how they were. Every access must hold the store's lock.
 */
final class UndoLog {
    private final ReentrantLock lock;
    private final IdSpacing spacing;
    private final ArrayList<Runnable> actions = new ArrayList<>();

    UndoLog(ReentrantLock lock, IdSpacing spacing) {
        this.lock = lock;
        this.spacing = spacing;
    }

    /** The ids the store's tables issue (every table of one store the same). */
    IdSpacing spacing() {
        return spacing;
    }

    /** Fails when the store is used outside one of its transactions (a {@code Store} kept past its work). */
    void checkInTransaction() {
        if (!lock.isHeldByCurrentThread()) {
            throw new IllegalStateException("the in-memory store was used outside its transaction");
        }
    }

    void add(Runnable undo) {
        actions.add(undo);
    }

    int mark() {
        return actions.size();
    }

    void rollbackTo(int mark) {
        for (int i = actions.size() - 1; i >= mark; i--) {
            actions.remove(i).run();
        }
    }

    void forget() {
        actions.clear();
    }
}
