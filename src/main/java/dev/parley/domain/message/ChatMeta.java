package dev.parley.domain.message;

import java.util.List;

/**
 * Who sent a group message and what else the channel said about it.
 *
 * @param mentions        usernames and user ids the channel says the message mentions
 * @param contextSnapshot JSON of the replied-to message when Parley never stored that message, else null
 */
public record ChatMeta(String sender, String senderHandle, String senderName, boolean fromBot, String threadId,
                       List<String> mentions, String contextSnapshot) {
    public ChatMeta {
        mentions = mentions == null ? List.of() : List.copyOf(mentions);
    }
}
