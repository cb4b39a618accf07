package dev.parley.application.store;

import java.time.Instant;
import java.util.Optional;

/** Small durable facts of a channel by name (Telegram's update offset, the bot's identity from getMe). */
public interface ChannelState {

    Optional<String> get(String channel, String name);

    /** Sets (or replaces) a value. */
    void put(String channel, String name, String value, Instant now);
}
