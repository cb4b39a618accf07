package dev.parley.application.operator;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.pipeline.WorkSignal;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.store.Transactions;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.limit.FieldLimit;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Hands an external event (a signed guarantee, a confirmed tour, an answer from operations) to the conversation's
 * playbook: the timeline entry, the playbook's reaction and the audit record commit in one transaction.
 */
public final class DeliverExternalEvent {
    /** Timeline type of a delivered event; replay export reads it back. */
    public static final String TIMELINE_TYPE = "external_event";
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,63}");

    private final Transactions transactions;
    private final Playbooks playbooks;
    private final Clock clock;
    private final PipelineEvents events;
    private final WorkSignal outbox;

    public DeliverExternalEvent(Transactions transactions, Playbooks playbooks, Clock clock, PipelineEvents events,
                                WorkSignal outbox) {
        this.transactions = transactions;
        this.playbooks = playbooks;
        this.clock = clock;
        this.events = events;
        this.outbox = outbox;
    }

    /** What a delivery did: the state after it, and whether it was a repeat of a key already delivered. */
    public record Delivery(String stateAfter, boolean duplicate) {
    }

    /** Delivers {@code name} with {@code data} (may be null); {@code actor} null means the system. */
    public void deliver(long conversationId, String name, Map<String, Object> data, String actor) {
        deliver(conversationId, name, data, actor, null);
    }

    /**
     * Delivers an event once per {@code idempotencyKey} (null: no key): a key already delivered to this conversation
     * changes nothing and answers with the state its first delivery left; the same key for another event is a
     * conflict.
     */
    public Delivery deliver(long conversationId, String name, Map<String, Object> data, String actor,
                            String idempotencyKey) {
        if (idempotencyKey != null && (idempotencyKey.isBlank() || idempotencyKey.length() > 200)) {
            throw new InvalidRequestException("Idempotency-Key", "the idempotency key must be 1 to 200 characters");
        }
        var event = Require.text("name", name, FieldLimit.EVENT_NAME);
        if (!NAME.matcher(event).matches()) {
            throw new InvalidRequestException("name", "name must be lower case letters, digits and _");
        }
        var who = actor == null ? TimelineEvent.SYSTEM_ACTOR : Require.actor(actor);
        var payload = data == null ? Map.<String, Object>of() : data;
        var detail = new LinkedHashMap<String, Object>();
        detail.put("name", event);
        if (!payload.isEmpty()) detail.put("data", payload);
        var detailJson = JsonDocuments.write(detail);
        if (!FieldLimit.EVENT_DETAIL.admits(detailJson)) {
            throw new InvalidRequestException("data", "data is too large: the event's name and data as JSON are "
                    + FieldLimit.EVENT_DETAIL.describe());
        }
        var result = new Delivery[1];
        var published = transactions.onConversation(conversationId, store -> {
            var now = clock.instant();
            var conversation = store.conversations().find(conversationId)
                    .orElseThrow(() -> new NotFoundException("conversation " + conversationId));
            if (idempotencyKey != null) {
                var receipt = store.eventReceipts().find(conversationId, idempotencyKey);
                if (receipt.isPresent()) {
                    if (!receipt.get().name().equals(event)) {
                        throw new ConflictException("this idempotency key was used for another event");
                    }
                    result[0] = new Delivery(receipt.get().stateAfter(), true);
                    return java.util.List.<PipelineEvent>of();
                }
            }
            var playbook = playbooks.find(conversation.playbook()).orElseThrow();
            store.timeline().append(conversationId, TIMELINE_TYPE, null, null, event, detailJson, who, now);
            if (!TimelineEvent.SYSTEM_ACTOR.equals(who)) {
                store.audit().record(who, "external_event", "conversation", conversationId, detailJson, now);
            }
            var session = new ConversationSession(store, playbook, conversation, now, who);
            playbook.onEvent(session, event, payload);
            var after = session.conversation().state();
            if (idempotencyKey != null) store.eventReceipts().record(conversationId, idempotencyKey, event, after, now);
            result[0] = new Delivery(after, false);
            var out = new ArrayList<PipelineEvent>();
            out.add(new PipelineEvent.ExternalEventDelivered(conversationId, event));
            out.addAll(session.events());
            return out;
        });
        events.publish(published);
        outbox.wake();
        return result[0];
    }
}
