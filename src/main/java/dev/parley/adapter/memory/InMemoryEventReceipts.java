package dev.parley.adapter.memory;

import dev.parley.application.store.EventReceipts;
import java.time.Instant;
import java.util.Optional;

/** Receipts of external events by (conversation, idempotency key), unique as uq_event_receipts_key is. */
final class InMemoryEventReceipts implements EventReceipts {
    private record Row(long conversationId, String key, Receipt receipt) {
    }

    private final Table<Row> table;
    private final InMemoryConversations conversations;
    private final UniqueIndex<String, Row> byKey;

    InMemoryEventReceipts(UndoLog undo, InMemoryConversations conversations) {
        this.conversations = conversations;
        table = new Table<>("event_receipt", undo);
        byKey = table.index(new UniqueIndex<>("uq_event_receipts_key", r -> r.conversationId() + "\u0000" + r.key()));
    }

    @Override
    public Optional<Receipt> find(long conversationId, String key) {
        table.guard();
        var id = byKey.find(conversationId + "\u0000" + key);
        return id == null ? Optional.empty() : Optional.of(table.get(id).receipt());
    }

    @Override
    public void record(long conversationId, String key, String name, String stateAfter, Instant now) {
        ForeignKeys.require(conversations.table, conversationId, "event_receipts.conversation_id");
        table.put(table.nextId(), new Row(conversationId, key, new Receipt(name, stateAfter, now)));
    }
}
