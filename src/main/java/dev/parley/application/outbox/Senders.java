package dev.parley.application.outbox;

/** Port: the sender of each channel (adapter.channels.ChannelSenders routes by channel, with a default). */
@FunctionalInterface
public interface Senders {

    Sender forChannel(String channel);

    /** Every channel through one sender. */
    static Senders only(Sender sender) {
        return channel -> sender;
    }
}
