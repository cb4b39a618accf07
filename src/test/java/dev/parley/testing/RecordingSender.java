package dev.parley.testing;

import dev.parley.application.outbox.Sender;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** A sender that delivers every message at once (provider id {@code SM<outbox id>}) and remembers it. */
public final class RecordingSender implements Sender {
    public final List<OutgoingMessage> sent = new CopyOnWriteArrayList<>();
    private volatile Consumer<OutgoingMessage> onSend = message -> { };

    /** Runs {@code action} on the sending thread for each message, before its delivery is answered. */
    public RecordingSender onSend(Consumer<OutgoingMessage> action) {
        this.onSend = action;
        return this;
    }

    @Override
    public String name() {
        return "recording";
    }

    @Override
    public boolean idempotent() {
        return false;
    }

    @Override
    public Result send(OutgoingMessage message) {
        sent.add(message);
        onSend.accept(message);
        return new Delivered("SM" + message.outboxId());
    }
}
