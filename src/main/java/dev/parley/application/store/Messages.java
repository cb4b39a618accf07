package dev.parley.application.store;

import dev.parley.domain.message.Direction;
import dev.parley.domain.message.Message;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Stored messages of conversations. */
public interface Messages {
    long add(long conversationId, Direction direction, String providerId, String text, String replyTo,
             Instant sentAt, Instant receivedAt, String status, String actor);

    void setData(long id, String dataJson);

    Optional<Message> find(long id);

    List<Message> ofConversation(long conversationId);
}
