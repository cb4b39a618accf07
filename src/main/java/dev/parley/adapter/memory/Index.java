package dev.parley.adapter.memory;

/** Derived lookup structure of a {@link Table}, kept in step with every write and every undo. */
interface Index<R> {

    /** Called once, when the index joins {@code table}: an index built on first use reads the rows from it. */
    default void attach(Table<R> table) {
    }

    /** Refuses a write that would break the index (a unique key); called before anything changes. */
    default void check(long id, R old, R now) {
    }

    /** {@code old} (null on insert) is replaced by {@code now} (null when an insert is undone). */
    void update(long id, R old, R now);
}
