package dev.parley.bootstrap;

import dev.parley.adapter.telegram.TelegramSender;
import dev.parley.application.outbox.Sender;

/**
 * The outbox's one sender while it has no per-channel routing: rows of Telegram conversations leave through the
 * Bot API, every other row through the configured sender ({@code sender}).
 */
final class TelegramRouting implements Sender {
    private final TelegramSender telegram;
    private final Sender other;

    TelegramRouting(TelegramSender telegram, Sender other) {
        this.telegram = telegram;
        this.other = other;
    }

    @Override
    public String name() {
        return "telegram+" + other.name();
    }

    @Override
    public Result send(OutgoingMessage message) {
        return "telegram".equals(message.channel()) ? telegram.send(message) : other.send(message);
    }
}
