package dev.parley.adapter.memory;

import dev.parley.application.store.Alerts;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.conversation.ConversationAlert;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/** Alerts on conversations; the open ones (not RESOLVED) are indexed, newest first on listing. */
final class InMemoryAlerts implements Alerts {
    private final Table<ConversationAlert> table;
    private final InMemoryConversations conversations;
    private final InMemoryContacts contacts;
    private final InMemoryMessages messages;
    private final GroupIndex<Long, ConversationAlert> byConversation;
    private final SortedIndex<ConversationAlert> notResolved;

    InMemoryAlerts(UndoLog undo, InMemoryConversations conversations, InMemoryContacts contacts,
                   InMemoryMessages messages) {
        this.conversations = conversations;
        this.contacts = contacts;
        this.messages = messages;
        table = new Table<>("alert", undo);
        byConversation = table.index(new GroupIndex<>(ConversationAlert::conversationId));
        notResolved = table.index(new SortedIndex<>(a -> !ConversationAlert.RESOLVED.equals(a.status()),
                Comparator.comparingLong(ConversationAlert::id)));
    }

    @Override
    public long raise(long conversationId, long contactId, Long messageId, AlertSeverity severity,
                      List<String> categories, List<String> patternIds, String source, String reasons, Instant now) {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(now, "created_at");
        ForeignKeys.require(conversations.table, conversationId, "alerts.conversation_id");
        ForeignKeys.require(contacts.table, contactId, "alerts.contact_id");
        ForeignKeys.require(messages.table, messageId, "alerts.message_id");
        long id = table.nextId();
        table.put(id, new ConversationAlert(id, conversationId, contactId, messageId, severity, copy(categories),
                copy(patternIds), source, ConversationAlert.OPEN, StoredTime.of(now), null, null, reasons));
        return id;
    }

    /** A copy, as reading the JSON column back gives (null stays null, null elements are kept). */
    private static List<String> copy(List<String> values) {
        return values == null ? null : Collections.unmodifiableList(new ArrayList<>(values));
    }

    @Override
    public List<ConversationAlert> ofConversation(long conversationId) {
        table.guard();
        return List.copyOf(byConversation.of(conversationId));
    }

    @Override
    public List<ConversationAlert> open(int limit) {
        table.guard();
        return notResolved.rows().descendingSet().stream().limit(Math.max(limit, 0)).toList();
    }

    @Override
    public void setStatus(long id, String status, String by, Instant at) {
        change(id, status, by, at, null);
    }

    @Override
    public void resolve(long id, String by, Instant at, String note) {
        change(id, ConversationAlert.RESOLVED, by, at, note);
    }

    private void change(long id, String status, String by, Instant at, String note) {
        var a = table.require(id);
        Objects.requireNonNull(status, "status");
        var when = StoredTime.of(at);
        var h = a.handling();
        boolean handled = ConversationAlert.ACKNOWLEDGED.equals(status) || ConversationAlert.RESOLVED.equals(status);
        boolean resolved = ConversationAlert.RESOLVED.equals(status);
        var handling = new ConversationAlert.Handling(
                handled && h.acknowledgedAt() == null ? by : h.acknowledgedBy(),
                handled && h.acknowledgedAt() == null ? when : h.acknowledgedAt(),
                resolved ? by : h.resolvedBy(), resolved ? when : h.resolvedAt(),
                resolved ? note : h.resolutionNote());
        table.put(id, new ConversationAlert(id, a.conversationId(), a.contactId(), a.messageId(), a.severity(),
                a.categories(), a.patternIds(), a.source(), status, a.createdAt(), by, when, a.reasons(), handling));
    }

    /** Deletes the rows of conversation {@code conversationId} ({@link InMemoryTransactions#forgetConversation}). */
    void forgetConversation(long conversationId) {
        for (long id : byConversation.idsOf(conversationId)) table.delete(id);
    }
}
