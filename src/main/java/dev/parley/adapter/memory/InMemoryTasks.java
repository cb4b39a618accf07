package dev.parley.adapter.memory;

import dev.parley.application.store.Tasks;
import dev.parley.domain.conversation.ConversationTask;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** Tasks created from conversations, in id order. */
final class InMemoryTasks implements Tasks {
    private final Table<ConversationTask> table;
    private final InMemoryConversations conversations;
    private final InMemoryMessages messages;
    private final GroupIndex<Long, ConversationTask> byConversation;

    InMemoryTasks(UndoLog undo, InMemoryConversations conversations, InMemoryMessages messages) {
        this.conversations = conversations;
        this.messages = messages;
        table = new Table<>("task", undo);
        byConversation = table.index(new GroupIndex<>(ConversationTask::conversationId));
    }

    @Override
    public long add(long conversationId, Long messageId, String text, String kind, Instant now) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(now, "created_at");
        ForeignKeys.require(conversations.table, conversationId, "tasks.conversation_id");
        ForeignKeys.require(messages.table, messageId, "tasks.message_id");
        long id = table.nextId();
        table.put(id, new ConversationTask(id, conversationId, messageId, text, kind, "OPEN", StoredTime.of(now)));
        return id;
    }

    @Override
    public List<ConversationTask> ofConversation(long conversationId) {
        table.guard();
        return List.copyOf(byConversation.of(conversationId));
    }

    @Override
    public void setStatus(long id, String status) {
        var t = table.require(id);
        Objects.requireNonNull(status, "status");
        table.put(id, new ConversationTask(id, t.conversationId(), t.messageId(), t.text(), t.kind(), status,
                t.createdAt()));
    }

    /** Deletes the rows of conversation {@code conversationId} ({@link InMemoryTransactions#forgetConversation}). */
    void forgetConversation(long conversationId) {
        for (long id : byConversation.idsOf(conversationId)) table.delete(id);
    }
}
