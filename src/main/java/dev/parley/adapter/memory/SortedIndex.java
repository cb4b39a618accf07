package dev.parley.adapter.memory;

import java.util.Comparator;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The rows that match a filter, in a total order (the comparator must end with the id): for example the
 * PENDING jobs by due time. Serves both "the earliest" and "the first N" without scanning the table.
 */
final class SortedIndex<R> implements Index<R> {
    private final Predicate<R> filter;
    private final TreeSet<R> rows;

    SortedIndex(Predicate<R> filter, Comparator<R> order) {
        this.filter = filter;
        this.rows = new TreeSet<>(order);
    }

    NavigableSet<R> rows() {
        return rows;
    }

    @Override
    public void update(long id, R old, R now) {
        // Records are immutable, so the old row still sorts where it was put.
        if (old != null && filter.test(old)) rows.remove(old);
        if (now != null && filter.test(now)) rows.add(now);
    }
}
