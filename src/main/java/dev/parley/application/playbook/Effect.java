package dev.parley.application.playbook;

import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Engagement;
import dev.parley.domain.buyer.SignupToken;
import dev.parley.domain.catalog.LearnedAnswer;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.embedding.Embedding;
import dev.parley.domain.escalation.EscalationThread;
import dev.parley.domain.message.MessageSafety;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a playbook (or the safety validator) decided to change, as a value: the Decide stage's output
 * (docs/decisions/0021-pipeline-stages.md). A {@link ConversationSession} turns each of its calls into one effect and
 * hands it to its {@link SessionBackend}: at Commit the backend writes it in the one transaction of the unit of work;
 * at Prepare (a dry run) it only notes it. {@code R} is what applying it answers (the id of a row created, the rows
 * held, …), for deciders that go on with it.
 */
public sealed interface Effect<R> {

    /** The conversation's state changes; a {@code transition} event records it. */
    record MoveTo(long conversationId, String from, String to, String trigger, String detailJson, String actor,
                  Instant at) implements Effect<Void> {
    }

    /** An event on the conversation's timeline. */
    record AppendTimeline(long conversationId, String type, String fromState, String toState, String trigger,
                          String detailJson, String actor, Instant at) implements Effect<Void> {
    }

    /** A message through the outbox (HELD or DENIED at once when the contact may not be messaged). */
    record QueueMessage(long conversationId, long contactId, String cause, String purpose, String text, String replyTo,
                        OutboxStatus status, String reason, boolean operatorExplicit, String actor, Instant at)
            implements Effect<Optional<OutboxEntry>> {
    }

    /** Every PENDING message of the contact becomes HELD; answers the rows held. */
    record HoldPendingOfContact(long contactId, String reason) implements Effect<List<OutboxEntry>> {
    }

    /** An outbox row's status changes (e.g. cancelled: DENIED with a reason). */
    record MarkOutbox(long outboxId, OutboxStatus status, String reason) implements Effect<Void> {
    }

    /** An automated outbox row is sent as the safety validator's rewrite (seed 002's SOFT_REWRITE). */
    record RewriteOutbox(long outboxId, String text) implements Effect<Void> {
    }

    /** An outbox row waits until {@code until} before it is tried (quiet hours). */
    record DelayOutbox(long outboxId, int attempts, String reason, Instant until) implements Effect<Void> {
    }

    record SetContactStatus(long contactId, ContactStatus status, Instant since, String reason, String by)
            implements Effect<Void> {
    }

    /** Automation paused (with the critical alert's tags) or resumed. */
    record SetAutomation(long conversationId, boolean paused, String criticalAlertTags, Instant at)
            implements Effect<Void> {
    }

    /** An alert in the console's queues; answers its id. */
    record RaiseAlert(long conversationId, long contactId, Long messageId, AlertSeverity severity,
                      List<String> categories, List<String> patternIds, String source, String reasonsJson,
                      Instant at) implements Effect<Long> {
    }

    record SetAlertStatus(long alertId, String status, String by, Instant at) implements Effect<Void> {
    }

    /** An operator task; answers its id. */
    record AddTask(long conversationId, Long messageId, String text, String kind, Instant at) implements Effect<Long> {
    }

    /** A timer or a later job; {@code state}: the state it belongs to (null: any). Answers its id. */
    record ScheduleJob(String kind, long conversationId, String trigger, String state, Instant dueAt, Instant at)
            implements Effect<Long> {
    }

    /** The conversation's pending jobs of a kind are cancelled; answers how many. */
    record CancelJobs(long conversationId, String kind, Instant at) implements Effect<Integer> {
    }

    record MarkJobDone(long jobId, Instant at) implements Effect<Void> {
    }

    /** What the playbook read out of a message (intent, extraction, screen reasons), as JSON. */
    record SetMessageData(long messageId, String dataJson) implements Effect<Void> {
    }

    record SetMessageStatus(long messageId, String status) implements Effect<Void> {
    }

    /**
     * A message's sentence vector, computed once and kept for every feature that reads its meaning. {@code added}: the
     * message was stored in this unit of work, so it has none yet (one statement fewer than replacing).
     */
    record StoreEmbedding(long messageId, Embedding embedding, boolean added) implements Effect<Void> {
    }

    /** The safety validator's decision kept beside a message it did not pass unchanged (seed 002's audit). */
    record KeepMessageSafety(MessageSafety safety) implements Effect<Void> {
    }

    /** A message the validator held is released (by its delay's end, or an operator): kept with its decision. */
    record MarkReleased(long messageId, String actor, Instant at) implements Effect<Void> {
    }

    /** The safety validator's decision on a message (seed 002's audit row); answers its id. */
    record RecordSafetyDecision(dev.parley.domain.safety.SafetyDecisionRow row) implements Effect<Long> {
    }

    record SaveBuyerState(BuyerState state) implements Effect<Void> {
    }

    record CreateEngagement(Engagement engagement) implements Effect<Engagement> {
    }

    record UpdateEngagement(Engagement engagement) implements Effect<Void> {
    }

    record OpenEscalation(EscalationThread thread) implements Effect<EscalationThread> {
    }

    record UpdateEscalation(EscalationThread thread) implements Effect<Void> {
    }

    record IssueSignupToken(SignupToken token) implements Effect<SignupToken> {
    }

    record UpdateSignupToken(SignupToken token) implements Effect<Void> {
    }

    /** An answer the team gave, kept for the next buyer who asks the same (seed 003's answer cache). */
    record LearnAnswer(LearnedAnswer answer) implements Effect<Long> {
    }

    /**
     * Work that must not run before the unit of work has committed, nor twice: in-process memory (the assistant's
     * dialogue memory), a spoken reply written to a file. The After-commit stage runs it.
     */
    record AfterCommit(String what, Runnable work) implements Effect<Void> {
    }
}
