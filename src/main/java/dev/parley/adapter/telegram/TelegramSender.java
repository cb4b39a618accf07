package dev.parley.adapter.telegram;

import dev.parley.adapter.channels.ProviderCall;
import dev.parley.application.outbox.Sender;
import okhttp3.OkHttpClient;

/**
 * The outbox's sender of Telegram conversations: the Bot API's {@code sendMessage} to the conversation's chat, as a
 * reply (with {@code reply_parameters}) to the message the outbox row answers ({@code reply_to}, the mention). The
 * delivered message's provider id is {@code <chat id>:<message id>}, the form inbound messages use, so a member's
 * reply to the bot's answer is recognised.
 *
 * <p>At most once: {@code sendMessage} has no idempotency key, so this sender is not {@link #idempotent()}. A request
 * that never left, flood control (429) and 503 are retried; a request written but unanswered (read timeout, connection
 * lost), another 5xx or an unreadable success is {@link Unknown}, left to an operator; a bot blocked in a private
 * chat is an opt-out; other refusals are permanent.
 */
public final class TelegramSender implements Sender {
    private final TelegramBotApi api;

    /** Sends through the Bot API at {@code apiBase} with {@code token}, on its own client derived from {@code http}. */
    public TelegramSender(OkHttpClient http, String apiBase, String token) {
        this.api = new TelegramBotApi(ProviderCall.client(http, false), apiBase, token);
    }

    @Override
    public String name() {
        return "telegram";
    }

    @Override
    public boolean idempotent() {
        return false;
    }

    @Override
    public Result send(OutgoingMessage message) {
        // A Telegram conversation's key is its chat id (a group, or the person's private chat with the bot).
        var chat = message.conversationKey() != null ? message.conversationKey() : message.to();
        return send(chat, message.replyTo(), message.text());
    }

    /** Sends {@code text} to chat {@code chat}, replying to the message with provider id {@code replyTo} if given. */
    public Result send(String chat, String replyTo, String text) {
        long chatId;
        try {
            chatId = Long.parseLong(chat);
        } catch (NumberFormatException e) {
            return new Permanent("telegram: conversation is not a chat id", false);
        }
        var request = api.sendMessageRequest(chatId, text, messageId(replyTo, chatId), null);
        return ProviderCall.execute(api.http(), request, "telegram", (response, body) -> answer(response.code(),
                body, chatId));
    }

    private static Result answer(int status, String body, long chatId) {
        try {
            var sent = TelegramBotApi.readSent(status, body, chatId);
            return new Delivered(sent.chatId() + ":" + sent.messageId());
        } catch (TelegramApiException e) {
            // A success Parley cannot read may still have posted the message.
            if (status >= 200 && status < 300) return new Unknown(e.getMessage());
            // 403: the bot was blocked by the user (private chat: they opted out) or removed from the group.
            if (status == 403) return new Permanent(e.getMessage(), chatId > 0);
            return ProviderCall.byStatus(status, e.getMessage());
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
