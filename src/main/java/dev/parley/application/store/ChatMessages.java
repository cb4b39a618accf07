package dev.parley.application.store;

import dev.parley.domain.message.ChatMeta;
import dev.parley.domain.message.ChatRow;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Group-chat details of stored messages (table {@code chat_messages}) and the reads context selection needs: the
 * last messages of a conversation, a message by its provider id (reply anchors), and a time window. Parley's own
 * outbound messages have no details row; they are returned with {@code meta} null.
 */
public interface ChatMessages {

    void put(long messageId, ChatMeta meta);

    Optional<ChatRow> find(long messageId);

    /**
     * The last {@code limit} messages of the conversation stored before message {@code messageId}, oldest first,
     * leaving out those the safety validator holds back ({@link dev.parley.domain.message.InboundHold}).
     */
    List<ChatRow> before(long conversationId, long messageId, int limit);

    /** The latest stored message of the conversation with this provider id. */
    Optional<ChatRow> byProviderId(long conversationId, String providerId);

    /** Messages of the conversation sent in {@code [from, to)}, oldest first, at most {@code limit}. */
    List<ChatRow> sentBetween(long conversationId, Instant from, Instant to, int limit);
}
