package dev.parley.adapter.memory;

import java.util.AbstractCollection;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.Function;

/**
 * Rows grouped by a key (for example the conversation id), each group in id order. Built from the table on first
 * use and kept in step from then on (a store that never reads it pays nothing on its writes). A group is two arrays
 * sorted by id: ids are issued in increasing order, so an insert is nearly always an append.
 */
final class GroupIndex<K, R> implements Index<R> {
    private final Function<R, K> keyOf;
    private Table<R> table;
    private HashMap<K, Group<R>> groups;

    GroupIndex(Function<R, K> keyOf) {
        this.keyOf = keyOf;
    }

    @Override
    public void attach(Table<R> table) {
        this.table = table;
    }

    /** The group's rows in id order (a live view: copy before changing the table while iterating). */
    Collection<R> of(K key) {
        var group = groups().get(key);
        return group == null ? List.of() : group;
    }

    /** The ids of the group's rows, a copy (safe to delete them while going through it). */
    List<Long> idsOf(K key) {
        var group = groups().get(key);
        return group == null ? List.of() : group.ids();
    }

    private HashMap<K, Group<R>> groups() {
        if (groups == null) {
            var built = new HashMap<K, Group<R>>();
            table.forEachWithId((id, row) -> built.computeIfAbsent(keyOf.apply(row), k -> new Group<>()).put(id, row));
            groups = built;
        }
        return groups;
    }

    @Override
    public void update(long id, R old, R now) {
        if (groups == null) return;
        K newKey = now == null ? null : keyOf.apply(now);
        if (old != null) {
            K oldKey = keyOf.apply(old);
            if (now != null && Objects.equals(oldKey, newKey)) {
                groups.get(oldKey).put(id, now);
                return;
            }
            var group = groups.get(oldKey);
            group.remove(id);
            if (group.isEmpty()) groups.remove(oldKey);
        }
        if (now != null) groups.computeIfAbsent(newKey, k -> new Group<>()).put(id, now);
    }

    /** One group's rows by id, ascending. */
    private static final class Group<R> extends AbstractCollection<R> {
        private long[] ids = new long[4];
        private Object[] rows = new Object[4];
        private int size;

        void put(long id, R row) {
            if (size == 0 || ids[size - 1] < id) {
                insert(size, id, row);
                return;
            }
            int at = Arrays.binarySearch(ids, 0, size, id);
            if (at >= 0) {
                rows[at] = row;
            } else {
                insert(-at - 1, id, row);
            }
        }

        void remove(long id) {
            int at = Arrays.binarySearch(ids, 0, size, id);
            if (at < 0) return;
            System.arraycopy(ids, at + 1, ids, at, size - at - 1);
            System.arraycopy(rows, at + 1, rows, at, size - at - 1);
            rows[--size] = null;
        }

        private void insert(int at, long id, R row) {
            if (size == ids.length) {
                ids = Arrays.copyOf(ids, size * 2);
                rows = Arrays.copyOf(rows, size * 2);
            }
            System.arraycopy(ids, at, ids, at + 1, size - at);
            System.arraycopy(rows, at, rows, at + 1, size - at);
            ids[at] = id;
            rows[at] = row;
            size++;
        }

        List<Long> ids() {
            var copy = new Long[size];
            for (int i = 0; i < size; i++) copy[i] = ids[i];
            return List.of(copy);
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public Object[] toArray() {
            return Arrays.copyOf(rows, size);
        }

        @Override
        public Iterator<R> iterator() {
            return new Iterator<>() {
                private int next;

                @Override
                public boolean hasNext() {
                    return next < size;
                }

                @Override
                @SuppressWarnings("unchecked")
                public R next() {
                    if (next >= size) throw new NoSuchElementException();
                    return (R) rows[next++];
                }
            };
        }
    }
}
