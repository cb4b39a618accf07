package dev.parley.adapter.memory;

import dev.parley.application.store.ChannelState;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** Channel facts by (channel, name); every write records its undo. */
final class InMemoryChannelState implements ChannelState {
    private final UndoLog undo;
    private final Map<String, String> values = new HashMap<>();

    InMemoryChannelState(UndoLog undo) {
        this.undo = undo;
    }

    @Override
    public Optional<String> get(String channel, String name) {
        undo.checkInTransaction();
        return Optional.ofNullable(values.get(key(channel, name)));
    }

    @Override
    public void put(String channel, String name, String value, Instant now) {
        undo.checkInTransaction();
        Objects.requireNonNull(value, "value");
        var key = key(channel, name);
        var old = values.put(key, value);
        undo.add(() -> {
            if (old == null) values.remove(key);
            else values.put(key, old);
        });
    }

    private static String key(String channel, String name) {
        return channel + "\u0000" + name;
    }
}
