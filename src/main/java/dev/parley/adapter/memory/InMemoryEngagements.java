package dev.parley.adapter.memory;

import dev.parley.application.store.ConcurrentUpdateException;
import dev.parley.application.store.Engagements;
import dev.parley.domain.buyer.Engagement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Engagements by id, grouped by conversation. */
final class InMemoryEngagements implements Engagements {
    private final Table<Engagement> table;
    private final InMemoryConversations conversations;
    private final InMemoryCatalog catalog;
    private final GroupIndex<Long, Engagement> byConversation;

    InMemoryEngagements(UndoLog undo, InMemoryConversations conversations, InMemoryCatalog catalog) {
        this.conversations = conversations;
        this.catalog = catalog;
        table = new Table<>("engagement", undo);
        byConversation = table.index(new GroupIndex<>(Engagement::conversationId));
    }

    @Override
    public Engagement create(Engagement engagement) {
        ForeignKeys.require(conversations.table, engagement.conversationId(), "engagements.conversation_id");
        if (catalog.property(engagement.propertyId()).isEmpty()) {
            throw new ConcurrentUpdateException("foreign key engagements.property_id (" + engagement.propertyId()
                    + ")", null);
        }
        var b = engagement.edit();
        b.id = table.nextId();
        var stored = b.build();
        table.put(stored.id(), stored);
        return stored;
    }

    @Override
    public Optional<Engagement> find(long id) {
        return Optional.ofNullable(table.get(id));
    }

    @Override
    public List<Engagement> ofConversation(long conversationId) {
        table.guard();
        return List.copyOf(byConversation.of(conversationId));
    }

    @Override
    public List<Engagement> recent(int limit) {
        var out = new ArrayList<Engagement>();
        table.forEachNewestFirst(e -> {
            out.add(e);
            return out.size() < limit;
        });
        return List.copyOf(out);
    }

    @Override
    public void update(Engagement engagement) {
        table.require(engagement.id());
        table.put(engagement.id(), engagement);
    }
}
