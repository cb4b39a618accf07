package dev.parley.application.playbook;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Engagement;
import dev.parley.domain.buyer.SignupToken;
import dev.parley.domain.catalog.LearnedAnswer;
import dev.parley.domain.contact.Contact;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.contact.MessagingPermission;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.conversation.ConversationTask;
import dev.parley.domain.conversation.ScheduledJob;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.escalation.EscalationThread;
import dev.parley.domain.message.Message;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a decider (a playbook, the safety validator) may do to one conversation in one unit of work: read it (and
 * the catalogue, the chat, past decisions: {@link #reads()}), make its slow calls ({@link #slow()}), and change it
 * only through {@link Effect}s — move its state (always on the timeline), queue messages through the outbox, raise
 * alerts, create tasks, schedule timers, … Each change is one effect, kept in {@link #effects()} and handed to the
 * {@link SessionBackend}, which writes it at Commit and only notes it at Prepare (a dry run). A decider never sees the
 * store.
 */
public final class ConversationSession implements EffectSink {
    private static final Logger LOG = LoggerFactory.getLogger(ConversationSession.class);
    private static final int MAX_REASONS = 8000;

    private final SessionBackend backend;
    private final Playbook playbook;
    private final Instant now;
    private final String actor;
    private final List<PipelineEvent> events = new ArrayList<>();
    private final List<Effect<?>> effects = new ArrayList<>();
    private final Map<String, Integer> draws = new java.util.HashMap<>();
    private Conversation conversation;

    public ConversationSession(SessionBackend backend, Playbook playbook, Conversation conversation, Instant now,
                               String actor) {
        this.backend = backend;
        this.playbook = playbook;
        this.conversation = conversation;
        this.now = now;
        this.actor = actor;
    }

    public Conversation conversation() {
        return conversation;
    }

    public Contact contact() {
        return backend.contact(conversation.contactId()).orElseThrow();
    }

    public Instant now() {
        return now;
    }

    public String actor() {
        return actor;
    }

    /** What this session's decider may read. */
    public ConversationReads reads() {
        return backend;
    }

    /** How this session's slow calls are made (prepared ahead at Commit). */
    public SlowCalls slow() {
        return backend.slow();
    }

    /**
     * A random value (a link's token), drawn once for this unit of work: the same at Prepare and at Commit, where a
     * model may word a message that carries it. The {@code n}-th draw of {@code kind} in a session is one value.
     */
    public String draw(String kind, java.util.function.Supplier<String> random) {
        return slow().call("draw", occurrence(kind), random);
    }

    /**
     * {@code key} with how many times this session has asked it: the same model request asked again (a polisher's
     * next round, whose answer may differ) is another slow call, and both runs of a unit count alike.
     */
    public String occurrence(String key) {
        return key + "#" + draws.merge(key, 1, Integer::sum);
    }

    public List<PipelineEvent> events() {
        return events;
    }

    /** The effects of this session so far, in order. */
    public List<Effect<?>> effects() {
        return Collections.unmodifiableList(effects);
    }

    /** Publishes {@code event} once this unit of work has committed (with the session's other events, in order). */
    public void publish(PipelineEvent event) {
        events.add(event);
    }

    /** Hands {@code effect} on (every change of a session goes through here). */
    @Override
    public <R> R apply(Effect<R> effect) {
        effects.add(effect);
        return backend.apply(effect);
    }

    // --- reads of this conversation ---

    /** The conversation's messages, oldest first, held ones included. */
    public List<Message> messages() {
        return backend.messages(conversation.id());
    }

    /** The conversation's messages automation may read: held ones (seed 002's SILENCE, DELAY) left out. */
    public List<Message> visibleMessages() {
        return messages().stream().filter(m -> !dev.parley.domain.message.InboundHold.hides(m.status())).toList();
    }

    public List<TimelineEvent> timeline() {
        return backend.timeline(conversation.id());
    }

    public List<ConversationTask> tasks() {
        return backend.tasks(conversation.id());
    }

    public List<ConversationAlert> alerts() {
        return backend.alerts(conversation.id());
    }

    public List<OutboxEntry> outbox() {
        return backend.outbox(conversation.id());
    }

    public List<ScheduledJob> pendingJobs() {
        return backend.pendingJobs(conversation.id());
    }

    // --- state, timeline, timers ---

    /**
     * Moves to {@code to} and records the transition; entering another state replaces the timers of the old state
     * with the new one's (none while automation is paused).
     */
    public void moveTo(String to, String trigger, Map<String, ?> detail) {
        var from = conversation.state();
        apply(new Effect.MoveTo(conversation.id(), from, to, trigger, JsonDocuments.write(detail), actor, now));
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
        apply(new Effect.CancelJobs(conversation.id(), ScheduledJob.TIMER, now));
        for (var timer : playbook.timersFor(conversation.state())) {
            apply(new Effect.ScheduleJob(ScheduledJob.TIMER, conversation.id(), timer.trigger(), timer.state(),
                    now.plus(timer.after()), now));
        }
    }

    /** A trigger with no matching transition: recorded, never silently dropped. */
    public void reject(String trigger, String reason) {
        apply(new Effect.AppendTimeline(conversation.id(), "transition_rejected", conversation.state(), null, trigger,
                JsonDocuments.write(Map.of("reason", reason)), actor, now));
    }

    public void record(String type, Map<String, ?> detail) {
        apply(new Effect.AppendTimeline(conversation.id(), type, null, null, null, JsonDocuments.write(detail), actor,
                now));
    }

    /** A job of this conversation in the current state, due at {@code dueAt}. */
    public void schedule(String kind, String trigger, Instant dueAt) {
        apply(new Effect.ScheduleJob(kind, conversation.id(), trigger, conversation.state(), dueAt, now));
    }

    /** A job of this conversation that does not belong to a state (it fires whatever the state then). */
    public long scheduleJob(String kind, String trigger, Instant dueAt) {
        return apply(new Effect.ScheduleJob(kind, conversation.id(), trigger, null, dueAt, now));
    }

    /** Cancels this conversation's pending jobs of {@code kind}; answers how many. */
    public int cancelJobs(String kind) {
        return apply(new Effect.CancelJobs(conversation.id(), kind, now));
    }

    public void markJobDone(long jobId) {
        apply(new Effect.MarkJobDone(jobId, now));
    }

    // --- messages ---

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
        var row = apply(new Effect.QueueMessage(conversation.id(), contact.id(), cause, purpose, text, replyTo,
                permission.outboxStatus(), permission.reason(), false, actor, now));
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
        var row = apply(new Effect.QueueMessage(conversation.id(), contact.id(), cause, purpose, text, null,
                blocked ? OutboxStatus.HELD : OutboxStatus.PENDING, blocked ? "contact BLOCKED" : null, false, actor,
                now));
        row.ifPresent(r -> events.add(new PipelineEvent.OutboxChanged(conversation.id(), r.id(), r.status().name())));
        return row;
    }

    /** An outbox row's status changes (the caller publishes it). */
    public void markOutbox(long outboxId, OutboxStatus status, String reason) {
        apply(new Effect.MarkOutbox(outboxId, status, reason));
    }

    /** An outbox row waits until {@code until} (quiet hours) with {@code reason}, its attempts set to {@code attempts}. */
    public void delayOutbox(long outboxId, int attempts, String reason, Instant until) {
        apply(new Effect.DelayOutbox(outboxId, attempts, reason, until));
    }

    /** Every PENDING message of this conversation's contact becomes HELD with {@code reason}; answers them. */
    public List<OutboxEntry> holdPendingOfContact(String reason) {
        return apply(new Effect.HoldPendingOfContact(conversation.contactId(), reason));
    }

    /** What the decider read out of message {@code messageId}, kept with it. */
    public void setMessageData(long messageId, Map<String, ?> data) {
        apply(new Effect.SetMessageData(messageId, JsonDocuments.write(data)));
    }

    // --- the contact, automation, alerts, tasks ---

    public void setContactStatus(ContactStatus status, String reason, String by) {
        apply(new Effect.SetContactStatus(conversation.contactId(), status, now, reason, by));
    }

    /**
     * Stops all automation for this conversation and its contact, in this unit of work: contact BLOCKED, automation
     * paused with the alert's tags, a CRITICAL alert, every PENDING message of the contact HELD, pending timers
     * cancelled, and (after commit) an ERROR log line without the message text. The state change is the playbook's.
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
        apply(new Effect.SetContactStatus(contact.id(), ContactStatus.BLOCKED, now,
                "critical alert: " + String.join(", ", categories), TimelineEvent.SYSTEM_ACTOR));
        apply(new Effect.SetAutomation(conversation.id(), true, JsonDocuments.write(tags), now));
        long alertId = apply(new Effect.RaiseAlert(conversation.id(), contact.id(), messageId, AlertSeverity.CRITICAL,
                categories,
                patternIds, source, reasonsJson(reasons), now));
        var held = apply(new Effect.HoldPendingOfContact(contact.id(), "critical alert " + alertId));
        apply(new Effect.CancelJobs(conversation.id(), ScheduledJob.TIMER, now));
        refresh();
        events.add(new PipelineEvent.AlertRaised(conversation.id(), alertId, AlertSeverity.CRITICAL, categories));
        published(held);
        long conversationId = conversation.id();
        afterCommit("log", () -> LOG.error("CRITICAL ALERT conversation={} contact={} alert={} categories={} "
                + "patterns={} held_outbox={}", conversationId, contact.id(), alertId, categories, patternIds,
                held.size()));
        return alertId;
    }

    /** The contact asked for no further contact: OPTED_OUT, and nothing pending of theirs is sent. */
    public void desist(String reason) {
        var contact = contact();
        apply(new Effect.SetContactStatus(contact.id(), ContactStatus.OPTED_OUT, now, reason,
                TimelineEvent.SYSTEM_ACTOR));
        published(apply(new Effect.HoldPendingOfContact(contact.id(), MessagingPermission.OPTED_OUT)));
        apply(new Effect.CancelJobs(conversation.id(), ScheduledJob.TIMER, now));
    }

    /** Rows held in this unit of work change status like any other: each is published (a transcript line). */
    private void published(List<OutboxEntry> held) {
        for (var row : held) {
            events.add(new PipelineEvent.OutboxChanged(row.conversationId(), row.id(), OutboxStatus.HELD.name()));
        }
    }

    /** Pauses automation without blocking the contact (an ambiguous situation for an operator to judge). */
    public void pauseAutomation(String reason) {
        apply(new Effect.SetAutomation(conversation.id(), true, conversation.criticalAlertTags(), now));
        apply(new Effect.CancelJobs(conversation.id(), ScheduledJob.TIMER, now));
        refresh();
        record("automation_paused", Map.of("reason", reason));
    }

    /**
     * Seed 000's "ambiguous situation requiring manual intervention" (a learned head's review tier): a WARNING
     * alert and automation paused for this conversation, in this unit of work; the contact is not blocked and
     * nothing else of theirs is held. The state change is the playbook's to make.
     */
    public long pauseForReview(Long messageId, List<String> categories, List<String> patternIds, String source,
                               Map<String, ?> reasons) {
        var alertId = raiseAlert(messageId, AlertSeverity.WARNING, categories, patternIds, source, reasons);
        if (!conversation.automationPaused()) {
            pauseAutomation("review alert " + alertId + ": " + String.join(", ", categories));
        }
        return alertId;
    }

    /** An alert that asks for attention without stopping automation (for example a high-value discovery). */
    public long raiseAlert(Long messageId, AlertSeverity severity, List<String> categories, List<String> patternIds,
                           String source) {
        return raiseAlert(messageId, severity, categories, patternIds, source, Map.of());
    }

    /** As above, keeping {@code reasons} (why it fired) on the alert. */
    public long raiseAlert(Long messageId, AlertSeverity severity, List<String> categories, List<String> patternIds,
                           String source, Map<String, ?> reasons) {
        long alertId = apply(new Effect.RaiseAlert(conversation.id(), conversation.contactId(), messageId, severity,
                categories, patternIds, source, reasonsJson(reasons), now));
        events.add(new PipelineEvent.AlertRaised(conversation.id(), alertId, severity, categories));
        long conversationId = conversation.id();
        afterCommit("log", () -> LOG.warn("alert conversation={} alert={} severity={} categories={}", conversationId,
                alertId, severity, categories));
        return alertId;
    }

    public void setAlertStatus(long alertId, String status, String by) {
        apply(new Effect.SetAlertStatus(alertId, status, by, now));
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
        long taskId = apply(new Effect.AddTask(conversation.id(), messageId, text, kind, now));
        events.add(new PipelineEvent.TaskCreated(conversation.id(), taskId, text, kind));
    }

    // --- the buyer journey's own rows (seed 003) ---

    public Optional<BuyerState> buyerState() {
        return backend.buyerState(conversation.id());
    }

    public void saveBuyerState(BuyerState state) {
        apply(new Effect.SaveBuyerState(state));
    }

    public Engagement createEngagement(Engagement engagement) {
        return apply(new Effect.CreateEngagement(engagement));
    }

    public void updateEngagement(Engagement engagement) {
        apply(new Effect.UpdateEngagement(engagement));
    }

    public EscalationThread openEscalation(EscalationThread thread) {
        return apply(new Effect.OpenEscalation(thread));
    }

    public void updateEscalation(EscalationThread thread) {
        apply(new Effect.UpdateEscalation(thread));
    }

    public SignupToken issueSignupToken(SignupToken token) {
        return apply(new Effect.IssueSignupToken(token));
    }

    public void updateSignupToken(SignupToken token) {
        apply(new Effect.UpdateSignupToken(token));
    }

    public long learnAnswer(LearnedAnswer answer) {
        return apply(new Effect.LearnAnswer(answer));
    }

    /**
     * Work that must wait until this unit of work has committed and must not run twice (in-process memory, a file):
     * the After-commit stage runs it; a dry run never does.
     */
    public void afterCommit(String what, Runnable work) {
        apply(new Effect.AfterCommit(what, work));
    }

    private static String text(Map<String, ?> detail, String key) {
        var value = detail == null ? null : detail.get(key);
        return value == null ? null : value.toString();
    }

    private void refresh() {
        conversation = backend.conversation(conversation.id()).orElseThrow();
    }
}
