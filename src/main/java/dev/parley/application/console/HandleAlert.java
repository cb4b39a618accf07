package dev.parley.application.console;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.store.Transactions;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.limit.FieldLimit;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * An operator acknowledges an alert (seen, being handled: who and when are kept, so time to acknowledge is known) or
 * resolves it with a note (done); both are audited.
 */
public final class HandleAlert {
    private final Transactions transactions;
    private final Clock clock;
    private final PipelineEvents events;

    public HandleAlert(Transactions transactions, Clock clock, PipelineEvents events) {
        this.transactions = transactions;
        this.clock = clock;
        this.events = events;
    }

    public void acknowledge(long conversationId, long alertId, String actor) {
        change(conversationId, alertId, ConversationAlert.ACKNOWLEDGED, "acknowledge_alert", null, actor);
    }

    /** Resolves the alert with a note saying what was done (required). */
    public void resolve(long conversationId, long alertId, String note, String actor) {
        if (note == null || note.isBlank()) throw new InvalidRequestException("note", "a resolution note is required");
        var why = note.strip();
        if (!FieldLimit.NOTE.admits(why)) throw new InvalidRequestException("note", "note is " + FieldLimit.NOTE.describe());
        change(conversationId, alertId, ConversationAlert.RESOLVED, "resolve_alert", why, actor);
    }

    private void change(long conversationId, long alertId, String status, String action, String note,
                        String actor) {
        var who = OperatorName.require(actor);
        transactions.onConversation(conversationId, store -> {
            var now = clock.instant();
            var alert = store.alerts().ofConversation(conversationId).stream().filter(a -> a.id() == alertId)
                    .findFirst().orElseThrow(() -> new NotFoundException("alert " + alertId));
            if (ConversationAlert.RESOLVED.equals(alert.status())) {
                throw new ConflictException("alert " + alertId + " is already resolved");
            }
            if (status.equals(alert.status())) {
                throw new InvalidRequestException("status", "alert " + alertId + " is already " + status);
            }
            if (note != null) {
                store.alerts().resolve(alertId, who, now, note);
            } else {
                store.alerts().setStatus(alertId, status, who, now);
            }
            var facts = new java.util.LinkedHashMap<String, Object>();
            facts.put("alert_id", alertId);
            facts.put("status", status);
            if (note != null) facts.put("note", note);
            var detail = JsonDocuments.write(facts);
            store.timeline().append(conversationId, action, null, null, null, detail, who, now);
            store.audit().record(who, action, "conversation", conversationId, detail, now);
            return null;
        });
        events.publish(List.of(new PipelineEvent.OperatorActed(conversationId, action, who)));
    }
}
