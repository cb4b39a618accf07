package dev.parley.domain.chimein;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One message of a group chat as context selection sees it.
 *
 * @param id          Parley's id of the stored message (in an evaluation: the line number)
 * @param providerId  the channel's id of the message ({@code reply_to} of other messages points at it); may be null
 * @param sender      stable id of who wrote it (Telegram user id, the generic webhook's {@code from}, an IRC nick)
 * @param senderHandle the sender's @-handle without the {@code @} (Telegram username), or null
 * @param senderName  display name, or null
 * @param text        the text (may be empty for a message without text)
 * @param sentAt      when it was sent
 * @param replyTo     provider id of the message it replies to, or null
 * @param threadId    the channel's thread (topic) id, or null
 * @param fromBot     written by a bot (Parley itself or another bot)
 * @param mentions    users the channel says it mentions (Telegram entities: usernames and user ids), besides the text
 */
public record ChatMessage(long id, String providerId, String sender, String senderHandle, String senderName,
                          String text, Instant sentAt, String replyTo, String threadId, boolean fromBot,
                          List<String> mentions) {

    public ChatMessage {
        Objects.requireNonNull(sender, "sender");
        Objects.requireNonNull(sentAt, "sentAt");
        text = text == null ? "" : text;
        mentions = mentions == null ? List.of() : List.copyOf(mentions);
    }

    /** A plain message: no handle, thread or channel mentions. */
    public static ChatMessage of(long id, String providerId, String sender, String text, Instant sentAt,
                                 String replyTo, boolean fromBot) {
        return new ChatMessage(id, providerId, sender, null, null, text, sentAt, replyTo, null, fromBot, List.of());
    }

    /** How people call the sender: the display name, else the handle, else the sender id. */
    public String who() {
        if (senderName != null && !senderName.isBlank()) return senderName;
        if (senderHandle != null && !senderHandle.isBlank()) return "@" + senderHandle;
        return sender;
    }

    @Override
    public String toString() {
        // Never the text: logs and assertion messages must not carry what people wrote.
        return "ChatMessage[id=" + id + ", providerId=" + providerId + "]";
    }
}
