package dev.parley.adapter.channels;

import dev.parley.application.outbox.Sender;
import dev.parley.application.outbox.Senders;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Routes each outbox row to the sender of its conversation's channel ({@code telegram} → a Telegram sender, …), and
 * every channel without one to the configured default sender ({@code sender} = local, twilio or webhook). Built once
 * in the composition root: a channel adapter registers its sender there with {@link #route} and needs no change to
 * the outbox.
 */
public final class ChannelSenders implements Senders {
    private final Sender fallback;
    private final Map<String, Sender> byChannel = new LinkedHashMap<>();

    public ChannelSenders(Sender fallback) {
        this.fallback = Objects.requireNonNull(fallback, "fallback");
    }

    /** Sends the rows of {@code channel} through {@code sender}; returns this, for chaining in the composition root. */
    public ChannelSenders route(String channel, Sender sender) {
        if (byChannel.putIfAbsent(Objects.requireNonNull(channel), Objects.requireNonNull(sender)) != null) {
            throw new IllegalStateException("channel " + channel + " already has a sender");
        }
        return this;
    }

    @Override
    public Sender forChannel(String channel) {
        return byChannel.getOrDefault(channel, fallback);
    }

    /** The sender of each routed channel, and of every other one under "*" (for the start-up log and docs). */
    public Map<String, String> describe() {
        var routes = new LinkedHashMap<String, String>();
        byChannel.forEach((channel, sender) -> routes.put(channel, sender.name()));
        routes.put("*", fallback.name());
        return routes;
    }
}
