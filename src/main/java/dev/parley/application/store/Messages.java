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

    /** The conversation's latest stored message, if any. */
    default java.util.Optional<Message> latest(long conversationId) {
        var all = ofConversation(conversationId);
        return all.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(all.getLast());
    }

    /** Changes a stored message's status (an inbound message held by the safety validator, or released). */
    void setStatus(long id, String status);

    /**
     * The conversation's messages automation may read (a playbook's history, recall, a reply's context): every one
     * but those the safety validator holds back ({@link dev.parley.domain.message.InboundHold}).
     */
    default List<Message> visibleToAutomation(long conversationId) {
        return ofConversation(conversationId).stream()
                .filter(m -> !dev.parley.domain.message.InboundHold.hides(m.status())).toList();
    }
}
