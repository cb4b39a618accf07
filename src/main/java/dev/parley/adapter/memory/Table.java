package dev.parley.adapter.memory;

import java.util.ArrayList;
import java.util.NoSuchElementException;
import java.util.function.Consumer;

/**
 * The rows of one table, by id, with its indexes. Ids come from a sequence starting at 1 that, like a database
 * identity, is not rolled back; a store of one shard among several takes every n-th id only ({@link IdSpacing}).
 * Every write records its undo in the transaction's {@link UndoLog}.
 */
final class Table<R> {
    private final String name;
    private final UndoLog undo;
    // Ids are dense in their spacing, so row id lives at index spacing.index(id) (null: an insert rolled back).
    private final ArrayList<R> rows = new ArrayList<>();
    private final IdSpacing spacing;
    private final ArrayList<Index<R>> indexes = new ArrayList<>();
    private long issued;
    private int size;

    Table(String name, UndoLog undo) {
        this.name = name;
        this.undo = undo;
        this.spacing = undo.spacing();
    }

    <I extends Index<R>> I index(I index) {
        indexes.add(index);
        index.attach(this);
        return index;
    }

    long nextId() {
        undo.checkInTransaction();
        return spacing.id(++issued);
    }

    R get(long id) {
        undo.checkInTransaction();
        long index = spacing.index(id);
        return index < 0 || index >= rows.size() ? null : rows.get((int) index);
    }

    /** The row, or NoSuchElementException: an update of a row that does not exist. */
    R require(long id) {
        var row = get(id);
        if (row == null) throw new NoSuchElementException(name + " " + id);
        return row;
    }

    boolean exists(Long id) {
        return id != null && get(id) != null;
    }

    /** Inserts or replaces row {@code id}. */
    void put(long id, R row) {
        undo.checkInTransaction();
        var old = get(id);
        for (var index : indexes) index.check(id, old, row);
        write(id, old, row);
        undo.add(() -> write(id, row, old));
    }

    /** Deletes row {@code id} if there is one (undone like any write). */
    void delete(long id) {
        if (get(id) != null) put(id, null);
    }

    /** Fails unless the caller runs inside a transaction of this store (before reading an index). */
    void guard() {
        undo.checkInTransaction();
    }

    int size() {
        undo.checkInTransaction();
        return size;
    }

    void forEach(Consumer<R> action) {
        undo.checkInTransaction();
        for (var row : rows) if (row != null) action.accept(row);
    }

    /** Receives one row with its id. */
    interface RowWithId<R> {
        void accept(long id, R row);
    }

    void forEachWithId(RowWithId<R> action) {
        undo.checkInTransaction();
        for (int i = 0; i < rows.size(); i++) {
            var row = rows.get(i);
            if (row != null) action.accept(spacing.id(i + 1L), row);
        }
    }

    /** Rows from the highest id down; {@code action} returns false to stop. */
    void forEachNewestFirst(java.util.function.Predicate<R> action) {
        undo.checkInTransaction();
        for (int i = rows.size() - 1; i >= 0; i--) {
            var row = rows.get(i);
            if (row != null && !action.test(row)) return;
        }
    }

    private void write(long id, R old, R now) {
        long at = spacing.index(id);
        if (at < 0) throw new IllegalArgumentException(name + " " + id + " is not an id of this store");
        while (rows.size() <= at) rows.add(null);
        rows.set((int) at, now);
        if (old == null && now != null) size++;
        if (old != null && now == null) size--;
        for (var index : indexes) index.update(id, old, now);
    }
}
