package dev.parley.adapter.memory;

import java.util.Comparator;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The rows that match a filter, in a total order (the comparator must end with the id): for example the
 * PENDING jobs by due time. Serves both "the earliest" and "the first N" without scanning the table.
 * Built from the table on first use and kept in step from then on, so a store that never reads it (a demo shard
 * never lists conversations by recency) pays nothing for it on its writes.
 */
final class SortedIndex<R> implements Index<R> {
    private final Predicate<R> filter;
    private final Comparator<R> order;
    private Table<R> table;
    private TreeSet<R> rows;

    SortedIndex(Predicate<R> filter, Comparator<R> order) {
        this.filter = filter;
        this.order = order;
    }

    @Override
    public void attach(Table<R> table) {
        this.table = table;
    }

    NavigableSet<R> rows() {
        if (rows == null) {
            var built = new TreeSet<R>(order);
            table.forEach(row -> {
                if (filter.test(row)) built.add(row);
            });
            rows = built;
        }
        return rows;
    }

    @Override
    public void update(long id, R old, R now) {
        if (rows == null) return;
        // Records are immutable, so the old row still sorts where it was put.
        if (old != null && filter.test(old)) rows.remove(old);
        if (now != null && filter.test(now)) rows.add(now);
    }
}
