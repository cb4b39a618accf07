package dev.parley.application.operator;

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
                         List<dev.parley.domain.message.MessageSafety> messageSafety) {

        /** The safety validator's side of inbound message {@code messageId} (its decision, safe output), if any. */
        public java.util.Optional<dev.parley.domain.message.MessageSafety> safetyOf(long messageId) {
            return messageSafety.stream().filter(s -> s.messageId() == messageId).findFirst();
        }
    }

    private final Transactions transactions;

    public FindConversations(Transactions transactions) {
        this.transactions = transactions;
    }

    public List<Conversation> page(ConversationQuery query) {
        return transactions.inTransaction(s -> s.conversations().search(query));
    }

    public Detail detail(long id) {
        return transactions.inTransaction(s -> {
            var conversation = s.conversations().find(id)
                    .orElseThrow(() -> new NotFoundException("conversation " + id));
            return new Detail(conversation, s.contacts().find(conversation.contactId()).orElseThrow(),
                    s.messages().ofConversation(id), s.timeline().ofConversation(id), s.alerts().ofConversation(id),
                    s.outbox().ofConversation(id), s.tasks().ofConversation(id),
                    s.audit().forTarget("conversation", id), s.safetyDecisions().messageSafetyOfConversation(id));
        });
    }

    public List<InboxEntry> inbox(InboxStatus status, int limit) {
        return transactions.inTransaction(s -> s.inbox().byStatus(status, limit));
    }

    /** Outbox rows in {@code status}, newest first. */
    public List<OutboxEntry> outbox(OutboxStatus status, int limit) {
        return transactions.inTransaction(s -> s.outbox().byStatus(status, limit));
    }
}
