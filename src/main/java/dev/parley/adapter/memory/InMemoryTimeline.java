package dev.parley.adapter.memory;

import dev.parley.application.store.Timeline;
import dev.parley.domain.conversation.TimelineEvent;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** The append-only timeline of each conversation, in id order. */
final class InMemoryTimeline implements Timeline {
    private final Table<TimelineEvent> table;
    private final InMemoryConversations conversations;
    private final GroupIndex<Long, TimelineEvent> byConversation;

    InMemoryTimeline(UndoLog undo, InMemoryConversations conversations) {
        this.conversations = conversations;
        table = new Table<>("timeline event", undo);
        byConversation = table.index(new GroupIndex<>(TimelineEvent::conversationId));
    }

    @Override
    public void append(long conversationId, String type, String fromState, String toState, String trigger,
                       String detailJson, String actor, Instant at) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(at, "at");
        ForeignKeys.require(conversations.table, conversationId, "conversation_events.conversation_id");
        long id = table.nextId();
        table.put(id, new TimelineEvent(id, conversationId, type, fromState, toState, trigger, detailJson, actor,
                StoredTime.of(at)));
    }

    @Override
    public List<TimelineEvent> ofConversation(long conversationId) {
        table.guard();
        return List.copyOf(byConversation.of(conversationId));
    }

    /** Deletes the rows of conversation {@code conversationId} ({@link InMemoryTransactions#forgetConversation}). */
    void forgetConversation(long conversationId) {
        for (long id : byConversation.idsOf(conversationId)) table.delete(id);
    }
}
