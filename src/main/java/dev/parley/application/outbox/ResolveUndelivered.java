package dev.parley.application.outbox;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.operator.Require;
import dev.parley.application.pipeline.WorkSignal;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.store.Store;
import dev.parley.application.store.Transactions;
import dev.parley.domain.limit.FieldLimit;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * An operator resolves a message the outbox could not settle, from the Failed queue or the API, audited:
 * <ul>
 *   <li><b>mark sent</b>: a DELIVERY_UNKNOWN row did reach the contact (the provider's console shows it): SENT, the
 *   message recorded on the conversation and the playbook told, as if the provider had answered;</li>
 *   <li><b>send again</b>: a DELIVERY_UNKNOWN or FAILED row goes back in line (PENDING, attempts reset); the outbox
 *   checks opt-out, block and pause again when it claims it;</li>
 *   <li><b>cancel</b> a scheduled send: a row waiting, never tried, for a later time (quiet hours at the recipient,
 *   issue 35) is not sent: DENIED, with who cancelled it.</li>
 * </ul>
 */
public final class ResolveUndelivered {
    private final Transactions transactions;
    private final RecordSent recordSent;
    private final Clock clock;
    private final PipelineEvents events;
    private final WorkSignal outbox;

    public ResolveUndelivered(Transactions transactions, Playbooks playbooks, Clock clock, PipelineEvents events,
                              WorkSignal outbox) {
        this.transactions = transactions;
        this.recordSent = new RecordSent(playbooks);
        this.clock = clock;
        this.events = events;
        this.outbox = outbox;
    }

    /** Marks a DELIVERY_UNKNOWN row SENT; {@code providerId} (optional) is the provider's id for the message. */
    public OutboxEntry markSent(long outboxId, String providerId, String actor) {
        var who = requireActor(actor);
        if (providerId != null && (providerId.isBlank() || !FieldLimit.PROVIDER_ID.admits(providerId))) {
            throw new InvalidRequestException("provider_id", "provider_id must be 1 to " + FieldLimit.PROVIDER_ID.max()
                    + " characters");
        }
        var result = transactions.inTransaction(store -> {
            var now = clock.instant();
            var row = undelivered(store, outboxId);
            if (row.status() != OutboxStatus.DELIVERY_UNKNOWN) {
                throw new ConflictException("outbox row " + outboxId + " is " + row.status()
                        + ": only a DELIVERY_UNKNOWN row can be marked sent");
            }
            var recorded = recordSent.record(store, row, providerId, now, true);
            var published = new ArrayList<PipelineEvent>(recorded.events());
            audit(store, row, "outbox_mark_sent", who, providerId, now);
            published.add(new PipelineEvent.OperatorActed(row.conversationId(), "outbox_mark_sent", who));
            return java.util.Map.entry(store.outbox().find(outboxId).orElseThrow(),
                    new RecordSent.Recorded(published, recorded.afterCommit()));
        });
        result.getValue().publish(events);
        return result.getKey();
    }

    /** Puts a DELIVERY_UNKNOWN or FAILED row back in line to be sent again. */
    public OutboxEntry sendAgain(long outboxId, String actor) {
        var who = requireActor(actor);
        var row = transactions.inTransaction(store -> {
            var now = clock.instant();
            var current = undelivered(store, outboxId);
            store.outbox().requeue(outboxId, now);
            audit(store, current, "outbox_send_again", who, null, now);
            return store.outbox().find(outboxId).orElseThrow();
        });
        events.publish(List.of(new PipelineEvent.OutboxChanged(row.conversationId(), outboxId, row.status().name()),
                new PipelineEvent.OperatorActed(row.conversationId(), "outbox_send_again", who)));
        outbox.wake();
        return row;
    }

    /**
     * Cancels a scheduled send: a PENDING row never tried and due later (held by quiet hours, issue 35) becomes DENIED
     * with {@code cancelled by <actor>}; it is never sent. Any other row is a conflict.
     */
    public OutboxEntry cancelScheduled(long outboxId, String actor) {
        var who = requireActor(actor);
        var row = transactions.inTransaction(store -> {
            var now = clock.instant();
            var current = store.outbox().find(outboxId)
                    .orElseThrow(() -> new NotFoundException("outbox row " + outboxId));
            if (!scheduled(current, now)) {
                var due = current.status() == OutboxStatus.PENDING ? " and due" : "";
                throw new ConflictException("outbox row " + outboxId + " is " + current.status() + due
                        + ": only a send scheduled for later can be cancelled");
            }
            store.outbox().mark(outboxId, OutboxStatus.DENIED, "cancelled by " + who + " (it was scheduled: "
                    + current.reason() + ")");
            audit(store, current, "outbox_cancel", who, null, now);
            return store.outbox().find(outboxId).orElseThrow();
        });
        events.publish(List.of(new PipelineEvent.OutboxChanged(row.conversationId(), outboxId, row.status().name()),
                new PipelineEvent.OperatorActed(row.conversationId(), "outbox_cancel", who)));
        return row;
    }

    /** A send scheduled for later: PENDING, never tried, due after {@code now}. */
    public static boolean scheduled(OutboxEntry row, java.time.Instant now) {
        return row.status() == OutboxStatus.PENDING && row.attempts() == 0 && row.nextAttemptAt().isAfter(now);
    }

    private static OutboxEntry undelivered(Store store, long outboxId) {
        var row = store.outbox().find(outboxId).orElseThrow(() -> new NotFoundException("outbox row " + outboxId));
        if (!row.status().undelivered()) {
            throw new ConflictException("outbox row " + outboxId + " is " + row.status()
                    + ": only FAILED and DELIVERY_UNKNOWN rows are resolved by an operator");
        }
        return row;
    }

    private static void audit(Store store, OutboxEntry row, String action, String who, String providerId,
                              java.time.Instant now) {
        var detail = new LinkedHashMap<String, Object>();
        detail.put("outbox_id", row.id());
        detail.put("was", row.status().name());
        detail.put("reason", row.reason());
        if (providerId != null) detail.put("provider_id", providerId);
        store.timeline().append(row.conversationId(), action, null, null, null, JsonDocuments.write(detail), who, now);
        store.audit().record(who, action, "outbox", row.id(), JsonDocuments.write(detail), now);
    }

    private static String requireActor(String actor) {
        return Require.actor(actor);
    }
}
