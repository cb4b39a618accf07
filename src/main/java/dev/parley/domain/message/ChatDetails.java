package dev.parley.domain.message;

import static dev.parley.domain.limit.FieldTooLongException.check;

import dev.parley.domain.limit.FieldLimit;
import dev.parley.domain.limit.FieldTooLongException;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What a group-chat message carries besides its text: its thread, whether a bot sent it, the sender's handle, the
 * users it mentions (usernames without '@', and user ids of mentions without a username), whether the chat is a
 * private one with the bot, the group's title, and a snapshot of the message it replies to (the channel sends the
 * parent along, so a parent from before Parley joined is still known).
 */
public record ChatDetails(String threadId, boolean senderIsBot, String senderHandle, List<String> mentions,
                          boolean privateChat, String groupTitle, Parent parent) {

    /** The message replied to, as the channel described it. */
    public record Parent(String providerId, String sender, String senderName, String senderHandle, boolean fromBot,
                         String text, Instant sentAt) {
        public Parent {
            Objects.requireNonNull(providerId, "providerId");
        }
    }

    public ChatDetails {
        mentions = mentions == null ? List.of() : List.copyOf(mentions);
    }

    /**
     * These details, when every part fits its {@link FieldLimit}; otherwise a {@link FieldTooLongException} naming
     * the first part that does not ({@code chat.<part>}). Channels check their own fields first, under their own
     * names; this is the last guard.
     */
    public ChatDetails withinLimits() {
        check("chat.thread_id", threadId, FieldLimit.PROVIDER_ID);
        check("chat.sender_handle", senderHandle, FieldLimit.HANDLE);
        for (var mention : mentions) check("chat.mentions", mention, FieldLimit.HANDLE);
        check("chat.group_title", groupTitle, FieldLimit.DISPLAY_NAME);
        if (parent != null) {
            check("chat.parent.id", parent.providerId(), FieldLimit.PROVIDER_ID);
            check("chat.parent.sender", parent.sender(), FieldLimit.ADDRESS);
            check("chat.parent.sender_name", parent.senderName(), FieldLimit.DISPLAY_NAME);
            check("chat.parent.sender_handle", parent.senderHandle(), FieldLimit.HANDLE);
            check("chat.parent.text", parent.text(), FieldLimit.MESSAGE_TEXT);
        }
        return this;
    }

    /** The channel that carries group messages without further details: the generic webhook's {@code chat}. */
    public static final String GENERIC_CHAT_CHANNEL = "chat";

    /**
     * The details of a message of the generic webhook or a replay file: a {@code chat} message whose conversation
     * is not its sender is a group message (with nothing more known); anything else is not (null).
     */
    public static ChatDetails forGenericMessage(String channel, String conversationKey, String from) {
        if (!GENERIC_CHAT_CHANNEL.equals(channel) || conversationKey == null || conversationKey.equals(from)) {
            return null;
        }
        return new ChatDetails(null, false, null, List.of(), false, null, null);
    }

    @Override
    public String toString() {
        return "ChatDetails[threadId=" + threadId + ", privateChat=" + privateChat + "]";
    }
}
