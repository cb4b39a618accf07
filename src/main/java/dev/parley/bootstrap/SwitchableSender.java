package dev.parley.bootstrap;

import dev.parley.application.outbox.Sender;
import java.util.Objects;

/** The configured sender, replaceable while Parley runs (Settings): each message goes through the one in use. */
final class SwitchableSender implements Sender {
    private volatile Sender current;

    SwitchableSender(Sender initial) {
        this.current = Objects.requireNonNull(initial);
    }

    /** The sender in use now. */
    Sender current() {
        return current;
    }

    void replace(Sender next) {
        this.current = Objects.requireNonNull(next);
    }

    @Override
    public String name() {
        return current.name();
    }

    @Override
    public boolean idempotent() {
        return current.idempotent();
    }

    @Override
    public Result send(OutgoingMessage message) {
        return current.send(message);
    }
}
