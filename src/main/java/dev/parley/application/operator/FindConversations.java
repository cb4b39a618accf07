package dev.parley.application.operator;

import dev.parley.application.alerts.AlertExplanations;
import dev.parley.application.store.ConversationQuery;
import dev.parley.application.store.Transactions;
import dev.parley.domain.contact.Contact;
import dev.parley.domain.conversation.AuditEntry;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.conversation.ConversationTask;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.InboxEntry;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.Message;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import java.util.List;

/** Read-side queries for operators: conversation pages, one conversation in full, inbox and outbox by status. */
public final class FindConversations {

    /** Everything an operator needs to judge one conversation. */
    public record Detail(Conversation conversation, Contact contact, List<Message> messages,
                         List<TimelineEvent> events, List<ConversationAlert> alerts, List<OutboxEntry> outbox,
                         List<ConversationTask> tasks, List<AuditEntry> audit,
                         List<dev.parley.domain.message.MessageSafety> messageSafety,
                         java.util.Map<Long, List<AlertExplanations.Explanation>> explanations) {

        public Detail {
            explanations = java.util.Map.copyOf(explanations);
        }

        /** Which part of the message drove alert {@code alertId}, for each learned head that raised it. */
        public List<AlertExplanations.Explanation> explanationsOf(long alertId) {
            return explanations.getOrDefault(alertId, List.of());
        }

        /** The safety validator's side of inbound message {@code messageId} (its decision, safe output), if any. */
        public java.util.Optional<dev.parley.domain.message.MessageSafety> safetyOf(long messageId) {
            return messageSafety.stream().filter(s -> s.messageId() == messageId).findFirst();
        }
    }

    private final Transactions transactions;
    private final AlertExplanations explanations;

    public FindConversations(Transactions transactions) {
        this(transactions, AlertExplanations.none());
    }

    /** Also says which part of a message drove each alert a learned head raised ({@link AlertExplanations}). */
    public FindConversations(Transactions transactions, AlertExplanations explanations) {
        this.transactions = transactions;
        this.explanations = explanations;
    }

    public List<Conversation> page(ConversationQuery query) {
        return transactions.inTransaction(s -> s.conversations().search(query));
    }

    /**
     * One conversation in full. The alerts' explanations are computed after the read transaction has closed (they
     * embed the message's sentences).
     */
    public Detail detail(long id) {
        var read = transactions.inTransaction(s -> {
            var conversation = s.conversations().find(id)
                    .orElseThrow(() -> new NotFoundException("conversation " + id));
            return new Detail(conversation, s.contacts().find(conversation.contactId()).orElseThrow(),
                    s.messages().ofConversation(id), s.timeline().ofConversation(id), s.alerts().ofConversation(id),
                    s.outbox().ofConversation(id), s.tasks().ofConversation(id),
                    s.audit().forTarget("conversation", id), s.safetyDecisions().messageSafetyOfConversation(id),
                    java.util.Map.<Long, List<AlertExplanations.Explanation>>of());
        });
        var explained = explanations.of(read.alerts(), read.messages());
        if (explained.isEmpty()) return read;
        return new Detail(read.conversation(), read.contact(), read.messages(), read.events(), read.alerts(),
                read.outbox(), read.tasks(), read.audit(), read.messageSafety(), explained);
    }

    public List<InboxEntry> inbox(InboxStatus status, int limit) {
        return transactions.inTransaction(s -> s.inbox().byStatus(status, limit));
    }

    /** Outbox rows in {@code status}, newest first. */
    public List<OutboxEntry> outbox(OutboxStatus status, int limit) {
        return transactions.inTransaction(s -> s.outbox().byStatus(status, limit));
    }
}
