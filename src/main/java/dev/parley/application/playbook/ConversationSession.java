package dev.parley.application.playbook;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.store.Store;
import dev.parley.domain.contact.Contact;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.contact.MessagingPermission;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.conversation.ScheduledJob;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a playbook may do to one conversation inside one transaction: move its state (always on the timeline),
 * queue messages through the outbox, raise alerts, create tasks, schedule timers.
 */
public final class ConversationSession {
    private static final Logger LOG = LoggerFactory.getLogger(ConversationSession.class);

    private static final int MAX_REASONS = 8000;

    private final Store store;
    private final Playbook playbook;
    private final Instant now;
    private final String actor;
    private final List<PipelineEvent> events = new ArrayList<>();
    private Conversation conversation;

    public ConversationSession(Store store, Playbook playbook, Conversation conversation, Instant now, String actor) {
        this.store = store;
        this.playbook = playbook;
        this.conversation = conversation;
        this.now = now;
        this.actor = actor;
    }

    public Conversation conversation() {
        return conversation;
    }

    public Contact contact() {
        return store.contacts().find(conversation.contactId()).orElseThrow();
    }

    public Instant now() {
        return now;
    }

    public Store store() {
        return store;
    }

    public List<PipelineEvent> events() {
        return events;
    }

    /** Publishes {@code event} once this transaction has committed (with the session's other events, in order). */
    public void publish(PipelineEvent event) {
        events.add(event);
    }

    /**
     * Moves to {@code to} and records the transition; entering another state replaces the timers of the old state
     * with the new one's (none while automation is paused).
     */
    public void moveTo(String to, String trigger, Map<String, ?> detail) {
        var from = conversation.state();
        store.conversations().setState(conversation.id(), to, now);
        store.timeline().append(conversation.id(), "transition", from, to, trigger, JsonDocuments.write(detail),
                actor, now);
        refresh();
        events.add(new PipelineEvent.StateChanged(conversation.id(), from, to, trigger, text(detail, "guard"),
                text(detail, "reason")));
        if (!from.equals(to) && !conversation.automationPaused()) {
            // A self-transition keeps the running timers (a follow-up must not restart the 30-day wait).
            scheduleTimersOfCurrentState();
        }
    }

    /** Cancels the timers of the state being left and schedules those of the current state. */
    public void scheduleTimersOfCurrentState() {
        store.jobs().cancelPending(conversation.id(), ScheduledJob.TIMER, now);
        for (var timer : playbook.timersFor(conversation.state())) {
            store.jobs().schedule(ScheduledJob.TIMER, conversation.id(), timer.trigger(), timer.state(),
                    now.plus(timer.after()), now);
        }
    }

    /** A trigger with no matching transition: recorded, never silently dropped. */
    public void reject(String trigger, String reason) {
        store.timeline().append(conversation.id(), "transition_rejected", conversation.state(), null, trigger,
                JsonDocuments.write(Map.of("reason", reason)), actor, now);
    }

    public void record(String type, Map<String, ?> detail) {
        store.timeline().append(conversation.id(), type, null, null, null, JsonDocuments.write(detail), actor, now);
    }

    /**
     * Queues an automated message. It is HELD (or DENIED) at once, with its reason, when {@link MessagingPermission}
     * says the contact may not be messaged now; the outbox checks again when it claims the row for sending.
     */
    public Optional<OutboxEntry> queueMessage(String cause, String purpose, String text) {
        return queueMessage(cause, purpose, text, null);
    }

    /**
     * As {@link #queueMessage(String, String, String)}, as an answer to the message with the provider's id
     * {@code replyTo} (for example a Telegram reply anchored to the message that triggered it; null for none).
     */
    public Optional<OutboxEntry> queueMessage(String cause, String purpose, String text, String replyTo) {
        var contact = contact();
        var permission = MessagingPermission.of(contact.status(), conversation.automationPaused(), false);
        var row = store.outbox().enqueue(conversation.id(), contact.id(), cause, purpose, text, replyTo,
                permission.outboxStatus(), permission.reason(), false, actor, now);
        row.ifPresent(r -> events.add(new PipelineEvent.OutboxChanged(conversation.id(), r.id(), r.status().name())));
        return row;
    }

    /**
     * Queues a carrier-required answer to a keyword ({@link dev.parley.domain.contact.CompliancePurposes}): it
     * may reach a contact who has just opted out (the HELP answer, one opt-out confirmation), never a blocked one.
     */
    public Optional<OutboxEntry> queueComplianceReply(String cause, String purpose, String text) {
        if (!dev.parley.domain.contact.CompliancePurposes.mayReachOptedOut(purpose)) {
            throw new IllegalArgumentException("not a compliance purpose: " + purpose);
        }
        var contact = contact();
        var blocked = contact.status() == ContactStatus.BLOCKED;
        var row = store.outbox().enqueue(conversation.id(), contact.id(), cause, purpose, text,
                blocked ? OutboxStatus.HELD : OutboxStatus.PENDING, blocked ? "contact BLOCKED" : null, false, actor,
                now);
        row.ifPresent(r -> events.add(new PipelineEvent.OutboxChanged(conversation.id(), r.id(), r.status().name())));
        return row;
    }

    /**
     * Stops all automation for this conversation and its contact, in this transaction: contact BLOCKED, automation
     * paused with the alert's tags, a CRITICAL alert, every PENDING message of the contact HELD, pending timers
     * cancelled, and an ERROR log line without the message text. The state change is the playbook's to make.
     */
    public long lockForReview(Long messageId, List<String> categories, List<String> patternIds, String source) {
        return lockForReview(messageId, categories, patternIds, source, Map.of());
    }

    /** As {@link #lockForReview(Long, List, List, String)}, keeping {@code reasons} (why it fired) on the alert. */
    public long lockForReview(Long messageId, List<String> categories, List<String> patternIds, String source,
                              Map<String, ?> reasons) {
        var tags = new LinkedHashMap<String, Object>();
        tags.put("categories", categories);
        tags.put("patterns", patternIds);
        tags.put("source", source);
        var contact = contact();
        store.contacts().setStatus(contact.id(), ContactStatus.BLOCKED, now,
                "critical alert: " + String.join(", ", categories), TimelineEvent.SYSTEM_ACTOR);
        store.conversations().setAutomation(conversation.id(), true, JsonDocuments.write(tags), now);
        var alertId = store.alerts().raise(conversation.id(), contact.id(), messageId, "CRITICAL", categories,
                patternIds, source, reasonsJson(reasons), now);
        var held = store.outbox().holdPendingOfContact(contact.id(), "critical alert " + alertId);
        store.jobs().cancelPending(conversation.id(), ScheduledJob.TIMER, now);
        refresh();
        events.add(new PipelineEvent.AlertRaised(conversation.id(), alertId, "CRITICAL", categories));
        published(held);
        LOG.error("CRITICAL ALERT conversation={} contact={} alert={} categories={} patterns={} held_outbox={}",
                conversation.id(), contact.id(), alertId, categories, patternIds, held.size());
        return alertId;
    }

    /** The contact asked for no further contact: OPTED_OUT, and nothing pending of theirs is sent. */
    public void desist(String reason) {
        var contact = contact();
        store.contacts().setStatus(contact.id(), ContactStatus.OPTED_OUT, now, reason, TimelineEvent.SYSTEM_ACTOR);
        published(store.outbox().holdPendingOfContact(contact.id(), MessagingPermission.OPTED_OUT));
        store.jobs().cancelPending(conversation.id(), ScheduledJob.TIMER, now);
    }

    /** Rows held in this transaction change status like any other: each is published (a transcript line). */
    private void published(List<OutboxEntry> held) {
        for (var row : held) {
            events.add(new PipelineEvent.OutboxChanged(row.conversationId(), row.id(), OutboxStatus.HELD.name()));
        }
    }

    /** Pauses automation without blocking the contact (an ambiguous situation for an operator to judge). */
    public void pauseAutomation(String reason) {
        store.conversations().setAutomation(conversation.id(), true, conversation.criticalAlertTags(), now);
        store.jobs().cancelPending(conversation.id(), ScheduledJob.TIMER, now);
        refresh();
        record("automation_paused", Map.of("reason", reason));
    }

    /**
     * Seed 000's "ambiguous situation requiring manual intervention" (a learned head's review tier): a WARNING
     * alert and automation paused for this conversation, in this transaction; the contact is not blocked and
     * nothing else of theirs is held. The state change is the playbook's to make.
     */
    public long pauseForReview(Long messageId, List<String> categories, List<String> patternIds, String source,
                               Map<String, ?> reasons) {
        var alertId = raiseAlert(messageId, "WARNING", categories, patternIds, source, reasons);
        if (!conversation.automationPaused()) {
            pauseAutomation("review alert " + alertId + ": " + String.join(", ", categories));
        }
        return alertId;
    }

    /** An alert that asks for attention without stopping automation (for example a high-value discovery). */
    public long raiseAlert(Long messageId, String severity, List<String> categories, List<String> patternIds,
                           String source) {
        return raiseAlert(messageId, severity, categories, patternIds, source, Map.of());
    }

    /** As above, keeping {@code reasons} (why it fired) on the alert. */
    public long raiseAlert(Long messageId, String severity, List<String> categories, List<String> patternIds,
                           String source, Map<String, ?> reasons) {
        var alertId = store.alerts().raise(conversation.id(), conversation.contactId(), messageId, severity,
                categories, patternIds, source, reasonsJson(reasons), now);
        events.add(new PipelineEvent.AlertRaised(conversation.id(), alertId, severity, categories));
        LOG.warn("alert conversation={} alert={} severity={} categories={}", conversation.id(), alertId, severity,
                categories);
        return alertId;
    }

    /** Why an alert fired, as stored JSON: null when nothing is known; the words are dropped if it is too long. */
    private static String reasonsJson(Map<String, ?> reasons) {
        if (reasons == null || reasons.isEmpty()) return null;
        var json = JsonDocuments.write(reasons);
        if (json.length() <= MAX_REASONS) return json;
        var shorter = new LinkedHashMap<String, Object>(reasons);
        shorter.remove("patterns");
        shorter.remove("benign_idioms");
        shorter.put("truncated", true);
        json = JsonDocuments.write(shorter);
        return json.length() <= MAX_REASONS ? json : null;
    }

    public void addTask(Long messageId, String text, String kind) {
        long taskId = store.tasks().add(conversation.id(), messageId, text, kind, now);
        events.add(new PipelineEvent.TaskCreated(conversation.id(), taskId, text, kind));
    }

    public void setMessageData(long messageId, Map<String, ?> data) {
        store.messages().setData(messageId, JsonDocuments.write(data));
    }

    public void schedule(String kind, String trigger, Instant dueAt) {
        store.jobs().schedule(kind, conversation.id(), trigger, conversation.state(), dueAt, now);
    }

    private static String text(Map<String, ?> detail, String key) {
        var value = detail == null ? null : detail.get(key);
        return value == null ? null : value.toString();
    }

    private void refresh() {
        conversation = store.conversations().find(conversation.id()).orElseThrow();
    }
}
