package dev.parley.adapter.memory;

import dev.parley.application.store.ConcurrentUpdateException;
import java.util.HashMap;
import java.util.Objects;
import java.util.function.Function;

/** A unique key: a second row with the same key is refused, as the database's unique constraint would. */
final class UniqueIndex<K, R> implements Index<R> {
    private final String constraint;
    private final Function<R, K> keyOf;
    private final HashMap<K, Long> ids = new HashMap<>();

    UniqueIndex(String constraint, Function<R, K> keyOf) {
        this.constraint = constraint;
        this.keyOf = keyOf;
    }

    /** The id of the row with this key, or null. */
    Long find(K key) {
        return ids.get(key);
    }

    @Override
    public void check(long id, R old, R now) {
        if (now == null) return;
        var existing = ids.get(keyOf.apply(now));
        if (existing != null && existing != id) {
            // The Hibernate store reports a unique-key violation the same way (HibernateTransactions).
            throw new ConcurrentUpdateException("unique key " + constraint, null);
        }
    }

    @Override
    public void update(long id, R old, R now) {
        K newKey = now == null ? null : keyOf.apply(now);
        if (old != null) {
            var key = keyOf.apply(old);
            if (now != null && Objects.equals(key, newKey) && Objects.equals(ids.get(key), id)) return; // unchanged
            if (Objects.equals(ids.get(key), id)) ids.remove(key);
        }
        if (now != null) ids.put(newKey, id);
    }
}
