package dev.parley.application.store;

import dev.parley.domain.message.Message;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Group-chat details of stored messages (table {@code chat_messages}) and the reads context selection needs: the
 * last messages of a conversation, a message by its provider id (reply anchors), and a time window. Parley's own
 * outbound messages have no details row; they are returned with {@code meta} null.
 */
public interface ChatMessages {

    /**
     * Who sent a group message and what else the channel said about it.
     *
     * @param mentions        usernames and user ids the channel says the message mentions
     * @param contextSnapshot JSON of the replied-to message when Parley never stored that message, else null
     */
    record Meta(String sender, String senderHandle, String senderName, boolean fromBot, String threadId,
                List<String> mentions, String contextSnapshot) {
        public Meta {
            mentions = mentions == null ? List.of() : List.copyOf(mentions);
        }
    }

    /** A stored message with its group details (null for a message without, such as Parley's own replies). */
    record Row(Message message, Meta meta) {
    }

    void put(long messageId, Meta meta);

    Optional<Row> find(long messageId);

    /**
     * The last {@code limit} messages of the conversation stored before message {@code messageId}, oldest first,
     * leaving out those the safety validator holds back ({@link dev.parley.domain.message.InboundHold}).
     */
    List<Row> before(long conversationId, long messageId, int limit);

    /** The latest stored message of the conversation with this provider id. */
    Optional<Row> byProviderId(long conversationId, String providerId);

    /** Messages of the conversation sent in {@code [from, to)}, oldest first, at most {@code limit}. */
    List<Row> sentBetween(long conversationId, Instant from, Instant to, int limit);
}
