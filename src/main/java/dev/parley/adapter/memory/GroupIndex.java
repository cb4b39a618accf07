package dev.parley.adapter.memory;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/** Rows grouped by a key (for example the conversation id), each group in id order. */
final class GroupIndex<K, R> implements Index<R> {
    private final Function<R, K> keyOf;
    private final HashMap<K, TreeMap<Long, R>> groups = new HashMap<>();

    GroupIndex(Function<R, K> keyOf) {
        this.keyOf = keyOf;
    }

    /** The group's rows in id order (a live view: copy before changing the table while iterating). */
    Collection<R> of(K key) {
        var group = groups.get(key);
        return group == null ? List.of() : group.values();
    }

    /** The ids of the group's rows, a copy (safe to delete them while going through it). */
    List<Long> idsOf(K key) {
        var group = groups.get(key);
        return group == null ? List.of() : List.copyOf(group.keySet());
    }

    @Override
    public void update(long id, R old, R now) {
        if (old != null && (now == null || !Objects.equals(keyOf.apply(old), keyOf.apply(now)))) {
            var group = groups.get(keyOf.apply(old));
            group.remove(id);
            if (group.isEmpty()) groups.remove(keyOf.apply(old));
        }
        if (now != null) groups.computeIfAbsent(keyOf.apply(now), k -> new TreeMap<>()).put(id, now);
    }
}
