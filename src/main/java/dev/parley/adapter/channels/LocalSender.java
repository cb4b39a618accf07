package dev.parley.adapter.channels;

import dev.parley.application.outbox.Sender;

/** The offline default: nothing leaves the machine; the message counts as sent and operators see it. */
public final class LocalSender implements Sender {
    @Override
    public String name() {
        return "local";
    }

    @Override
    public boolean idempotent() {
        return true;
    }

    @Override
    public Result send(OutgoingMessage message) {
        return new Delivered("local-" + message.outboxId());
    }
}
