package dev.parley.application.console;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.store.Transactions;
import dev.parley.domain.conversation.ConversationAlert;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/** An operator acknowledges an alert (seen, being handled) or resolves it (done); both are audited. */
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
        change(conversationId, alertId, ConversationAlert.ACKNOWLEDGED, "acknowledge_alert", actor);
    }

    public void resolve(long conversationId, long alertId, String actor) {
        change(conversationId, alertId, ConversationAlert.RESOLVED, "resolve_alert", actor);
    }

    private void change(long conversationId, long alertId, String status, String action, String actor) {
        var who = OperatorName.require(actor);
        transactions.run(store -> {
            var now = clock.instant();
            var alert = store.alerts().ofConversation(conversationId).stream().filter(a -> a.id() == alertId)
                    .findFirst().orElseThrow(() -> new NotFoundException("alert " + alertId));
            if (ConversationAlert.RESOLVED.equals(alert.status())) {
                throw new ConflictException("alert " + alertId + " is already resolved");
            }
            if (status.equals(alert.status())) {
                throw new InvalidRequestException("status", "alert " + alertId + " is already " + status);
            }
            store.alerts().setStatus(alertId, status, who, now);
            var detail = JsonDocuments.write(Map.of("alert_id", alertId, "status", status));
            store.timeline().append(conversationId, action, null, null, null, detail, who, now);
            store.audit().record(who, action, "conversation", conversationId, detail, now);
        });
        events.publish(List.of(new PipelineEvent.OperatorActed(conversationId, action, who)));
    }
}
