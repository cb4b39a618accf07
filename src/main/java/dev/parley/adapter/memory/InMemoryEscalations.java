package dev.parley.adapter.memory;

import dev.parley.application.store.Escalations;
import dev.parley.domain.escalation.EscalationStatus;
import dev.parley.domain.escalation.EscalationThread;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;

/** Escalation threads; pending ones indexed by SLA deadline, tokens unique. */
final class InMemoryEscalations implements Escalations {
    private final Table<EscalationThread> table;
    private final InMemoryConversations conversations;
    private final InMemoryCatalog catalog;
    private final UniqueIndex<String, EscalationThread> byToken;
    private final GroupIndex<Long, EscalationThread> byConversation;
    private final SortedIndex<EscalationThread> pending;

    InMemoryEscalations(UndoLog undo, InMemoryConversations conversations, InMemoryCatalog catalog) {
        this.conversations = conversations;
        this.catalog = catalog;
        table = new Table<>("escalation_thread", undo);
        byToken = table.index(new UniqueIndex<>("uq_escalation_threads_token", EscalationThread::replyToken));
        byConversation = table.index(new GroupIndex<>(EscalationThread::conversationId));
        pending = table.index(new SortedIndex<>(t -> t.status() == EscalationStatus.PENDING,
                Comparator.comparing(EscalationThread::slaDeadlineAt).thenComparingLong(EscalationThread::id)));
    }

    @Override
    public EscalationThread open(EscalationThread thread) {
        ForeignKeys.require(conversations.table, thread.conversationId(), "escalation_threads.conversation_id");
        if (thread.propertyId() != null && catalog.property(thread.propertyId()).isEmpty()) {
            throw new dev.parley.application.store.ConcurrentUpdateException(
                    "foreign key escalation_threads.property_id (" + thread.propertyId() + ")", null);
        }
        Objects.requireNonNull(thread.replyToken(), "reply_token");
        Objects.requireNonNull(thread.questionText(), "question_text");
        var b = thread.edit();
        b.id = table.nextId();
        var stored = b.build();
        table.put(stored.id(), stored);
        return stored;
    }

    @Override
    public Optional<EscalationThread> find(long id) {
        return Optional.ofNullable(table.get(id));
    }

    @Override
    public Optional<EscalationThread> findByToken(String replyToken) {
        table.guard();
        var id = byToken.find(replyToken);
        return id == null ? Optional.empty() : Optional.of(table.get(id));
    }

    @Override
    public List<EscalationThread> ofConversation(long conversationId) {
        table.guard();
        return List.copyOf(byConversation.of(conversationId));
    }

    @Override
    public List<EscalationThread> pending(int limit) {
        table.guard();
        return pending.rows().stream().limit(limit).toList();
    }

    @Override
    public List<EscalationThread> closed(int limit) {
        var out = new ArrayList<EscalationThread>();
        table.forEach(t -> {
            if (t.status() != EscalationStatus.PENDING) out.add(t);
        });
        out.sort(Comparator.comparing(EscalationThread::updatedAt).reversed()
                .thenComparing(Comparator.comparingLong(EscalationThread::id).reversed()));
        return List.copyOf(out.subList(0, Math.min(limit, out.size())));
    }

    @Override
    public void update(EscalationThread thread) {
        if (table.get(thread.id()) == null) throw new NoSuchElementException("escalation " + thread.id());
        table.put(thread.id(), thread);
    }
}
