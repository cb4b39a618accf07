package dev.parley.domain.message;

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

    /** The same message with {@code sentAt}. */
    public InboundMessage withSentAt(Instant at) {
        return new InboundMessage(channel, providerId, conversationKey, from, to, text, replyTo, at, playbook,
                senderName, chat);
    }
}
