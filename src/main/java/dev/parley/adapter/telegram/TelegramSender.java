package dev.parley.adapter.telegram;

import dev.parley.application.outbox.Sender;
import java.io.IOException;

/**
 * Sends replies through the Bot API's {@code sendMessage}: to the conversation's chat, as a reply (with {@code
 * reply_parameters}) to the message that triggered it. The delivered message's provider id is {@code <chat id>:<message
 * id>}, the form inbound messages use, so a member's reply to the bot's answer is recognised. Flood control and
 * Telegram's own failures are retried; a bot blocked in a private chat is an opt-out; other refusals are permanent.
 * A request that may have reached Telegram without an answer (read timeout, connection lost after it was written) is
 * {@link Unknown}: {@code sendMessage} has no idempotency key, so such a row waits for an operator rather than risk a
 * second message in the group (only a connection refused or an unknown host is certain not to have left).
 * Registered for the {@code telegram} channel through {@code ChannelSenders}.
 */
public final class TelegramSender implements Sender {
    private final TelegramBotApi api;

    public TelegramSender(TelegramBotApi api) {
        this.api = api;
    }

    @Override
    public String name() {
        return "telegram";
    }

    /** {@code sendMessage} cannot be deduplicated: an unknown outcome is not sent again by itself. */
    @Override
    public boolean idempotent() {
        return false;
    }

    /** To the conversation's chat (its contact's address), as a reply to the message the outbox row answers. */
    @Override
    public Result send(OutgoingMessage message) {
        return send(message.to(), message.replyTo(), message.text());
    }

    /** Sends {@code text} to chat {@code chat}, replying to the message with provider id {@code replyTo} if given. */
    public Result send(String chat, String replyTo, String text) {
        long chatId;
        try {
            chatId = Long.parseLong(chat);
        } catch (NumberFormatException e) {
            return new Permanent("telegram: conversation is not a chat id", false);
        }
        try {
            var sent = api.sendMessage(chatId, text, messageId(replyTo, chatId), null);
            return new Delivered(sent.chatId() + ":" + sent.messageId());
        } catch (TelegramApiException e) {
            if (e.transientFailure()) return new Retryable(e.getMessage());
            // 403: the bot was blocked by the user (private chat: they opted out) or removed from the group.
            return new Permanent(e.getMessage(), e.httpStatus() == 403 && chatId > 0);
        } catch (java.net.ConnectException | java.net.UnknownHostException e) {
            return new Retryable("telegram unreachable: " + e.getClass().getSimpleName());
        } catch (IOException e) {
            return new Unknown("no answer from telegram: " + e.getClass().getSimpleName());
        }
    }

    /** The message id of provider id {@code chat:message} in this chat, else null (no reply anchor). */
    static Long messageId(String providerId, long chatId) {
        if (providerId == null) return null;
        int colon = providerId.lastIndexOf(':');
        if (colon < 0 || !providerId.substring(0, colon).equals(Long.toString(chatId))) return null;
        try {
            return Long.parseLong(providerId.substring(colon + 1));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
