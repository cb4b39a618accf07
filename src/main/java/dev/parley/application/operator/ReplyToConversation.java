package dev.parley.application.operator;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.pipeline.WorkSignal;
import dev.parley.application.store.ConcurrentUpdateException;
import dev.parley.application.store.Transactions;
import dev.parley.domain.contact.MessagingPermission;
import dev.parley.domain.limit.FieldLimit;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/** An operator replies by hand; the reply leaves through the outbox like every other message. */
public final class ReplyToConversation {
    private final Transactions transactions;
    private final Clock clock;
    private final PipelineEvents events;
    private final WorkSignal outbox;

    public ReplyToConversation(Transactions transactions, Clock clock, PipelineEvents events, WorkSignal outbox) {
        this.transactions = transactions;
        this.clock = clock;
        this.events = events;
        this.outbox = outbox;
    }

    /** Returns the outbox row id of the reply. */
    public long reply(long conversationId, String text, String actor) {
        var body = Require.text("text", text, FieldLimit.MESSAGE_TEXT);
        var who = Require.actor(actor);
        long outboxId = transactions.inTransaction(store -> {
            var now = clock.instant();
            var conversation = store.conversations().find(conversationId)
                    .orElseThrow(() -> new NotFoundException("conversation " + conversationId));
            var contact = store.contacts().find(conversation.contactId()).orElseThrow();
            var permission = MessagingPermission.of(contact.status(), conversation.automationPaused(), true);
            int sequence = store.outbox().ofConversation(conversationId).size();
            var row = store.outbox().enqueue(conversationId, contact.id(), "operator:" + conversationId + ":" + sequence,
                    "operator_reply", body, permission.outboxStatus(), permission.reason(), true, who, now)
                    // Another operator's reply took this place in the conversation first: run again, after it.
                    .orElseThrow(() -> new ConcurrentUpdateException("outbox row operator:" + conversationId + ":"
                            + sequence + " exists", null));
            store.timeline().append(conversationId, "operator_reply", null, null, null,
                    JsonDocuments.write(Map.of("outbox_id", row.id())), who, now);
            store.audit().record(who, "reply", "conversation", conversationId,
                    JsonDocuments.write(Map.of("outbox_id", row.id())), now);
            return row.id();
        });
        events.publish(List.of(new PipelineEvent.OperatorActed(conversationId, "reply", who)));
        outbox.wake();
        return outboxId;
    }
}
