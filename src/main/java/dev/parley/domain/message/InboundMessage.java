package dev.parley.domain.message;

import static dev.parley.domain.limit.FieldTooLongException.check;

import dev.parley.domain.limit.FieldLimit;
import java.time.Instant;

/**
 * A message as received from a channel, before it is processed. {@code chat} holds the group-chat details of a
 * group message (Telegram, the generic webhook's {@code chat} groups), else null.
 */
public record InboundMessage(String channel, String providerId, String conversationKey, String from, String to,
                             String text, String replyTo, Instant sentAt, String playbook, String senderName,
                             ChatDetails chat) {

    /** A message that is not part of a group chat. */
    public InboundMessage(String channel, String providerId, String conversationKey, String from, String to,
                          String text, String replyTo, Instant sentAt, String playbook, String senderName) {
        this(channel, providerId, conversationKey, from, to, text, replyTo, sentAt, playbook, senderName, null);
    }

    /** A group message: a chat whose members are not the conversation itself (not a private chat). */
    public boolean isGroupMessage() {
        return chat != null && !chat.privateChat();
    }

    /** The same message with {@code text} in place of its own (the safety validator's safe summary). */
    public InboundMessage withText(String text) {
        return new InboundMessage(channel, providerId, conversationKey, from, to, text, replyTo, sentAt, playbook,
                senderName, chat);
    }

    /** The same message with {@code sentAt}. */
    public InboundMessage withSentAt(Instant at) {
        return new InboundMessage(channel, providerId, conversationKey, from, to, text, replyTo, at, playbook,
                senderName, chat);
    }

    /**
     * This message, when every field fits its {@link FieldLimit}; otherwise a
     * {@link dev.parley.domain.limit.FieldTooLongException} naming the first field that does not (by its name in the
     * generic webhook). Channels check their own fields first, under their own names; this is the last guard.
     */
    public InboundMessage withinLimits() {
        check("id", providerId, FieldLimit.PROVIDER_ID);
        check("from", from, FieldLimit.ADDRESS);
        check("conversation", conversationKey, FieldLimit.CONVERSATION_KEY);
        check("to", to, FieldLimit.ADDRESS);
        check("text", text, FieldLimit.MESSAGE_TEXT);
        check("reply_to", replyTo, FieldLimit.PROVIDER_ID);
        check("playbook", playbook, FieldLimit.PLAYBOOK);
        check("sender_name", senderName, FieldLimit.DISPLAY_NAME);
        if (chat != null) chat.withinLimits();
        return this;
    }
}
