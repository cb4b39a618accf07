package dev.parley.adapter.memory;

import dev.parley.application.store.Messages;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.Message;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Messages of conversations, in id order. The acting operator is not kept: no port method returns it. */
final class InMemoryMessages implements Messages {
    final Table<Message> table;
    private final InMemoryConversations conversations;
    private final GroupIndex<Long, Message> byConversation;

    InMemoryMessages(UndoLog undo, InMemoryConversations conversations) {
        this.conversations = conversations;
        table = new Table<>("message", undo);
        byConversation = table.index(new GroupIndex<>(Message::conversationId));
    }

    @Override
    public long add(long conversationId, Direction direction, String providerId, String text, String replyTo,
                    Instant sentAt, Instant receivedAt, String status, String actor) {
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(status, "status");
        ForeignKeys.require(conversations.table, conversationId, "messages.conversation_id");
        long id = table.nextId();
        table.put(id, new Message(id, conversationId, direction, providerId, text, replyTo, StoredTime.of(sentAt),
                StoredTime.of(receivedAt), status, null));
        return id;
    }

    @Override
    public void setData(long id, String dataJson) {
        var m = table.require(id);
        table.put(id, new Message(id, m.conversationId(), m.direction(), m.providerId(), m.text(), m.replyTo(),
                m.sentAt(), m.receivedAt(), m.status(), dataJson));
    }

    @Override
    public void setStatus(long id, String status) {
        Objects.requireNonNull(status, "status");
        var m = table.require(id);
        table.put(id, new Message(id, m.conversationId(), m.direction(), m.providerId(), m.text(), m.replyTo(),
                m.sentAt(), m.receivedAt(), status, m.dataJson()));
    }

    @Override
    public Optional<Message> find(long id) {
        return Optional.ofNullable(table.get(id));
    }

    @Override
    public List<Message> ofConversation(long conversationId) {
        table.guard();
        return List.copyOf(byConversation.of(conversationId));
    }

    /** The ids of conversation {@code conversationId}'s messages. */
    List<Long> idsOf(long conversationId) {
        return byConversation.idsOf(conversationId);
    }

    /** Deletes the messages of conversation {@code conversationId}. */
    void forgetConversation(long conversationId) {
        for (long id : byConversation.idsOf(conversationId)) table.delete(id);
    }
}
