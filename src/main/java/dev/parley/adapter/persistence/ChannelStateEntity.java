package dev.parley.adapter.persistence;

import jakarta.persistence.*;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

@Entity
@Table(name = "channel_state")
@IdClass(ChannelStateEntity.Key.class)
class ChannelStateEntity {
    @Id @Column(nullable = false) String channel;
    @Id @Column(nullable = false) String name;
    @Column(name = "state_value", nullable = false, length = 4000) String value;
    @Column(name = "updated_at", nullable = false) Instant updatedAt;

    /** The composite primary key (channel, name). */
    public static final class Key implements Serializable {
        String channel;
        String name;

        public Key() {
        }

        Key(String channel, String name) {
            this.channel = channel;
            this.name = name;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(channel, k.channel) && Objects.equals(name, k.name);
        }

        @Override
        public int hashCode() {
            return Objects.hash(channel, name);
        }
    }
}
