package dev.parley.adapter.telegram;

import dev.parley.application.outbox.Sender;
import java.io.IOException;

/**
 * Sends replies through the Bot API's {@code sendMessage}: to the conversation's chat, as a reply (with {@code
 * reply_parameters}) to the message that triggered it. The delivered message's provider id is {@code <chat id>:<message
 * id>}, the form inbound messages use, so a member's reply to the bot's answer is recognised. Flood control and
 * Telegram's own failures are retried; a bot blocked in a private chat is an opt-out; other refusals are permanent.
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

    @Override
    public Result send(OutgoingMessage message) {
        return send(message.to(), null, message.text());
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
        } catch (IOException e) {
            return new Retryable("telegram unreachable: " + e.getClass().getSimpleName());
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
