package dev.parley.application.operator;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.pipeline.PreparedConversation;
import dev.parley.application.pipeline.StageRunner;
import dev.parley.application.pipeline.UnitOfWork;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.store.Transactions;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.limit.FieldLimit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Hands an external event (a signed guarantee, a confirmed tour, an answer from operations) to the conversation's
 * playbook: the timeline entry, the playbook's reaction and the audit record commit in one transaction, after the
 * reaction was prepared with no transaction open (a model may word its message).
 */
public final class DeliverExternalEvent {
    /** Timeline type of a delivered event; replay export reads it back. */
    public static final String TIMELINE_TYPE = "external_event";
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,63}");

    private final StageRunner stages;
    private final Transactions transactions;
    private final Playbooks playbooks;

    /** {@code transactions}: the operators' (a lost race is run again); {@code stages}: their stages. */
    public DeliverExternalEvent(StageRunner stages, Transactions transactions, Playbooks playbooks) {
        this.stages = stages;
        this.transactions = transactions;
        this.playbooks = playbooks;
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
        var conversation = new PreparedConversation(conversationId);
        return stages.run("event " + event + " on conversation " + conversationId,
                body -> transactions.onConversation(conversationId, body), UnitOfWork.of(preparing -> {
                    var snapshot = preparing.snapshot();
                    conversation.read(snapshot).ifPresent(c -> playbooks.find(c.playbook()).orElseThrow().onEvent(
                            new ConversationSession(snapshot, playbooks.find(c.playbook()).orElseThrow(), c,
                                    preparing.now(), who), event, payload));
                }, (store, committing) -> {
                    var now = committing.now();
                    var current = conversation.lockUnchanged(store, committing)
                            .orElseThrow(() -> new NotFoundException("conversation " + conversationId));
                    if (idempotencyKey != null) {
                        var receipt = store.eventReceipts().find(conversationId, idempotencyKey);
                        if (receipt.isPresent()) {
                            if (!receipt.get().name().equals(event)) {
                                throw new ConflictException("this idempotency key was used for another event");
                            }
                            return new Delivery(receipt.get().stateAfter(), true);
                        }
                    }
                    var playbook = playbooks.find(current.playbook()).orElseThrow();
                    store.timeline().append(conversationId, TIMELINE_TYPE, null, null, event, detailJson, who, now);
                    if (!TimelineEvent.SYSTEM_ACTOR.equals(who)) {
                        store.audit().record(who, "external_event", "conversation", conversationId, detailJson, now);
                    }
                    var session = new ConversationSession(committing.backend(), playbook, current, now, who);
                    playbook.onEvent(session, event, payload);
                    var after = session.conversation().state();
                    if (idempotencyKey != null) {
                        store.eventReceipts().record(conversationId, idempotencyKey, event, after, now);
                    }
                    store.conversations().touch(conversationId, now);
                    committing.publish(new PipelineEvent.ExternalEventDelivered(conversationId, event));
                    committing.publish(session);
                    committing.wakeOutbox();
                    return new Delivery(after, false);
                }));
    }
}
