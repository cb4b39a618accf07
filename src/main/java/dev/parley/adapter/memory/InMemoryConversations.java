package dev.parley.adapter.memory;

import dev.parley.application.store.ConversationQuery;
import dev.parley.application.store.Conversations;
import dev.parley.domain.conversation.Conversation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Conversations, unique per (channel, key), listed most recently updated first. */
final class InMemoryConversations implements Conversations {
    private record Key(String channel, String key) {
    }

    /** Most recently updated first, then the higher id first (written out: no boxed ids per comparison). */
    private static final Comparator<Conversation> RECENT_FIRST = (a, b) -> {
        int byTime = b.updatedAt().compareTo(a.updatedAt());
        return byTime != 0 ? byTime : Long.compare(b.id(), a.id());
    };

    final Table<Conversation> table;
    private final InMemoryContacts contacts;
    private final UniqueIndex<Key, Conversation> byKey;
    private final SortedIndex<Conversation> recentFirst;

    InMemoryConversations(UndoLog undo, InMemoryContacts contacts) {
        this.contacts = contacts;
        table = new Table<>("conversation", undo);
        byKey = table.index(new UniqueIndex<>("uq_conversations_channel_key", c -> new Key(c.channel(), c.key())));
        recentFirst = table.index(new SortedIndex<>(c -> true, RECENT_FIRST));
    }

    @Override
    public Optional<Conversation> find(long id) {
        return Optional.ofNullable(table.get(id));
    }

    @Override
    public Conversation lock(long id) {
        // One lock serialises every transaction, so the row lock is implied.
        return table.require(id);
    }

    @Override
    public Optional<Conversation> findByKey(String channel, String key) {
        table.guard();
        var id = byKey.find(new Key(channel, key));
        return id == null ? Optional.empty() : Optional.of(table.get(id));
    }

    @Override
    public Conversation create(String channel, String key, String playbook, String state, long contactId,
                               Instant now) {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(playbook, "playbook");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(now, "created_at");
        ForeignKeys.require(contacts.table, contactId, "conversations.contact_id");
        long id = table.nextId();
        var at = StoredTime.of(now);
        var conversation = new Conversation(id, channel, key, playbook, state, contactId, false, null, at, at, 0);
        table.put(id, conversation);
        return conversation;
    }

    @Override
    public void setState(long id, String state, Instant now) {
        var c = table.require(id);
        Objects.requireNonNull(state, "state");
        put(new Conversation(id, c.channel(), c.key(), c.playbook(), state, c.contactId(), c.automationPaused(),
                c.criticalAlertTags(), c.createdAt(), StoredTime.of(now), c.version() + 1));
    }

    @Override
    public void setAutomation(long id, boolean paused, String criticalAlertTags, Instant now) {
        var c = table.require(id);
        put(new Conversation(id, c.channel(), c.key(), c.playbook(), c.state(), c.contactId(), paused,
                criticalAlertTags, c.createdAt(), StoredTime.of(now), c.version() + 1));
    }

    @Override
    public void touch(long id, Instant now) {
        var c = table.require(id);
        put(new Conversation(id, c.channel(), c.key(), c.playbook(), c.state(), c.contactId(), c.automationPaused(),
                c.criticalAlertTags(), c.createdAt(), StoredTime.of(now), c.version() + 1));
    }

    private void put(Conversation c) {
        Objects.requireNonNull(c.updatedAt(), "updated_at");
        table.put(c.id(), c);
    }

    @Override
    public List<Conversation> search(ConversationQuery q) {
        table.guard();
        var rows = recentFirst.rows();
        if (q.afterUpdatedAt() != null) {
            // Keyset: strictly after (afterUpdatedAt, afterId) in the listing order; a null id matches no tie.
            var position = new Conversation(q.afterId() != null ? q.afterId() : Long.MIN_VALUE, null, null, null,
                    null, 0, false, null, null, q.afterUpdatedAt(), 0);
            rows = rows.tailSet(position, false);
        }
        var page = new ArrayList<Conversation>();
        for (var c : rows) {
            if (page.size() >= q.limit()) break;
            if (matches(q.channel(), c.channel()) && matches(q.key(), c.key()) && matches(q.state(), c.state())
                    && matches(q.playbook(), c.playbook())) {
                page.add(c);
            }
        }
        return page;
    }

    private static boolean matches(String filter, String value) {
        return filter == null || filter.equals(value);
    }

    @Override
    public long count() {
        return table.size();
    }
}
