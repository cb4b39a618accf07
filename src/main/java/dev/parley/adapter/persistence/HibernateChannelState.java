package dev.parley.adapter.persistence;

import dev.parley.application.store.ChannelState;
import java.time.Instant;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateChannelState implements ChannelState {
    private final Session session;

    HibernateChannelState(Session session) {
        this.session = session;
    }

    @Override
    public Optional<String> get(String channel, String name) {
        return Optional.ofNullable(session.find(ChannelStateEntity.class, new ChannelStateEntity.Key(channel, name)))
                .map(row -> row.value);
    }

    @Override
    public void put(String channel, String name, String value, Instant now) {
        var row = session.find(ChannelStateEntity.class, new ChannelStateEntity.Key(channel, name));
        if (row == null) {
            row = new ChannelStateEntity();
            row.channel = channel;
            row.name = name;
            row.value = value;
            row.updatedAt = now;
            session.persist(row);
        } else {
            row.value = value;
            row.updatedAt = now;
        }
    }
}
