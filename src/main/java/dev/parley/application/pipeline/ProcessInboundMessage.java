package dev.parley.application.pipeline;

import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.RedactedThrowable;
import dev.parley.application.RetryPolicy;
import dev.parley.application.chimein.GroupMessages;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbook;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.playbook.UnknownPlaybookException;
import dev.parley.application.safety.ScreenInbound;
import dev.parley.application.store.RetryOnConflict;
import dev.parley.application.store.Store;
import dev.parley.application.store.Transactions;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboxEntry;
import dev.parley.domain.message.InboxStatus;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Processes one inbox row: its message, state changes, timeline events, outbox rows and jobs commit in one
 * transaction together with its PROCESSED mark. A failure is retried as {@link RetryPolicy#INBOX} says, then marked
 * FAILED. A race is not a failure: when another transaction changed the same conversation first (the outbox recording
 * the reply to the message before, on a store where they run at the same time), the processing is run again at once
 * ({@link RetryOnConflict}), and only a conflict that outlasts those attempts counts as a failed attempt.
 */
public final class ProcessInboundMessage {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessInboundMessage.class);

    private final Transactions transactions;
    private final RetryOnConflict retryingRaces;
    private final Playbooks playbooks;
    private final Clock clock;
    private final PipelineMetrics metrics;
    private final PipelineEvents events;
    private final WorkSignal outbox;
    private final ScreenInbound safety;

    /** {@code safety} decides on every message (seed 002) after the playbook's own first checks. */
    public ProcessInboundMessage(Transactions transactions, Playbooks playbooks, Clock clock, PipelineMetrics metrics,
                                 PipelineEvents events, WorkSignal outbox, ScreenInbound safety) {
        this.transactions = transactions;
        this.retryingRaces = new RetryOnConflict(transactions, "processing an inbound message");
        this.safety = safety;
        this.playbooks = playbooks;
        this.clock = clock;
        this.metrics = metrics;
        this.events = events;
        this.outbox = outbox;
    }

    /** Outcome of one attempt, for the worker's scheduling. */
    public enum Outcome { PROCESSED, RETRY_LATER, FAILED, SKIPPED }

    public Outcome process(long inboxId) {
        return process(inboxId, null);
    }

    /**
     * As {@link #process(long)}, for a row the caller has just read (the dispatcher's lane head): what is prepared
     * ahead of the transaction (the vector of its text) comes from that copy instead of another read of the row. The
     * processing transaction claims the row as always, so a row finished meanwhile is still skipped.
     */
    public Outcome process(InboxEntry head) {
        return process(head.id(), head);
    }

    private Outcome process(long inboxId, InboxEntry head) {
        try {
            var prepared = prepare(inboxId, head);
            var result = retryingRaces.inTransaction((store, afterLostRace) -> processIn(store, inboxId, prepared,
                    afterLostRace));
            if (result == null) {
                return Outcome.SKIPPED;
            }
            metrics.processed.increment();
            metrics.observeLatency(Duration.between(result.receivedAt, clock.instant()));
            events.publish(result.events);
            // Only a message that queued an outbound message gives the outbox loop work.
            if (result.events.stream().anyMatch(e -> e instanceof PipelineEvent.OutboxChanged)) outbox.wake();
            return Outcome.PROCESSED;
        } catch (RuntimeException e) {
            return recordFailure(inboxId, e);
        }
    }

    private record Processed(java.time.Instant receivedAt, List<PipelineEvent> events) {
    }

    /**
     * What the screen needs that is slow, asked with no transaction open: the model's safe summary of the row's
     * message ({@code safety.rewrite=model}, ADR 0020), the configured model's second opinion (issue 35) and the vector
     * of its text for the learned heads (issue 8: the embedding then holds neither a pooled connection nor the store's
     * writer, which the listener's receipts wait on). Nothing when none is in use, or the row is done or backing off.
     * {@code head}: the row as the caller read it (its text never changes), or null to read it here; without model
     * calls, no transaction is then needed.
     */
    private ScreenInbound.Prepared prepare(long inboxId, InboxEntry head) {
        if (!safety.prepares()) return ScreenInbound.Prepared.NONE;
        var row = safety.asksTheModel() ? rowWithItsConversation(inboxId, head) : rowAlone(inboxId, head);
        if (row == null || row.entry().status() != InboxStatus.RECEIVED
                || row.entry().nextAttemptAt().isAfter(clock.instant())) {
            return ScreenInbound.Prepared.NONE;
        }
        return safety.prepare(row.entry().message(), row.conversationId());
    }

    /** The row to prepare, and the id of its conversation when a model call is logged with it (null when not). */
    private record RowToPrepare(InboxEntry entry, Long conversationId) {
    }

    /** For the model's calls: the row (the caller's copy, or read) and its conversation's id, in one transaction. */
    private RowToPrepare rowWithItsConversation(long inboxId, InboxEntry head) {
        return transactions.inTransaction(store -> (head != null ? Optional.of(head) : store.inbox().find(inboxId))
                .map(e -> new RowToPrepare(e, store.conversations().findByKey(e.message().channel(),
                        e.message().conversationKey()).map(c -> c.id()).orElse(null)))).orElse(null);
    }

    /** For the vector alone: the caller's copy with no transaction at all, or one read of the row. */
    private RowToPrepare rowAlone(long inboxId, InboxEntry head) {
        if (head != null) return new RowToPrepare(head, null);
        return transactions.inTransaction(store -> store.inbox().find(inboxId)).map(e -> new RowToPrepare(e, null))
                .orElse(null);
    }

    /**
     * {@code afterLostRace}: the attempt before lost a race on the conversation (the outbox recording a reply to it
     * meanwhile); this one locks the conversation's row first, so that it waits for such a writer instead of losing
     * to it again (the conversation is looked up before anything else is written, so no lock is held before it).
     */
    private Processed processIn(Store store, long inboxId, ScreenInbound.Prepared prepared, boolean afterLostRace) {
        var entry = store.inbox().claim(inboxId).orElse(null);
        var now = clock.instant();
        if (entry == null || entry.nextAttemptAt().isAfter(now)) {
            // done already, held by another process, or waiting out a retry's backoff (the caller's view of the row
            // was taken before that retry was recorded)
            return null;
        }
        var m = entry.message();
        var existing = store.conversations().findByKey(m.channel(), m.conversationKey());
        if (afterLostRace) existing = existing.map(c -> store.conversations().lock(c.id()));
        // An existing conversation keeps its playbook; one a contact starts gets the one its message names, else
        // playbook.chat for a chat message and playbook.inbound for others (operator-started conversations get
        // playbook.default, in StartConversation).
        var playbookName = existing.map(c -> c.playbook()).orElse(playbooks.forNewConversation(m));
        Playbook playbook = playbooks.forInbound(playbookName)
                .orElseThrow(() -> new UnknownPlaybookException(playbookName));
        // A group conversation's contact is the group (what replies go to, what an operator blocks), not a member.
        var contact = m.isGroupMessage()
                ? store.contacts().findOrCreate(m.channel(), m.conversationKey(), m.chat().groupTitle(), now)
                : store.contacts().findOrCreate(m.channel(), m.from(), m.senderName(), now);
        var conversation = existing.orElseGet(() -> store.conversations().create(m.channel(), m.conversationKey(),
                playbook.name(), playbook.initialState(), contact.id(), now));
        // Seed 002 decides before the message is stored: a summarised message is stored as its safe summary (all
        // automation reads), a held one with its hold.
        var decided = safety.decide(store, conversation, m, now, prepared);
        long messageId = store.messages().add(conversation.id(), Direction.IN, m.providerId(), decided.storedText(m),
                m.replyTo(), m.sentAt(), entry.receivedAt(), decided.status(), null);
        decided.storeEmbedding(store, messageId); // the validator's model embedded it: stored once, read by the rest
        if (m.chat() != null) GroupMessages.record(store, conversation.id(), messageId, m);
        store.conversations().touch(conversation.id(), now);
        var session = new ConversationSession(store, playbook, store.conversations().find(conversation.id())
                .orElseThrow(), now, TimelineEvent.SYSTEM_ACTOR);
        var published = new ArrayList<PipelineEvent>();
        published.add(new PipelineEvent.MessageReceived(conversation.id(), messageId));
        // The playbook's own first checks see the original (outreach's critical alerts run first), then the decision.
        var next = playbook.screen(session, m, messageId);
        safety.apply(session, playbook, decided, m, messageId, inboxId, next);
        published.addAll(session.events());
        store.inbox().markProcessed(inboxId, now);
        LOG.debug("processed inbox={} conversation={} message={}", inboxId, conversation.id(), messageId);
        return new Processed(entry.receivedAt(), published);
    }

    private Outcome recordFailure(long inboxId, RuntimeException e) {
        var now = clock.instant();
        // Stored and logged by class, SQL state and constraint: a message may quote the inbound text.
        var error = RedactedThrowable.summary(e);
        try {
            return transactions.inTransaction(store -> {
                InboxEntry entry = store.inbox().claim(inboxId).orElse(null);
                if (entry == null) {
                    return Outcome.SKIPPED; // done meanwhile, by another process
                }
                int attempts = entry.attempts() + 1;
                var next = e instanceof UnknownPlaybookException ? java.util.Optional.<java.time.Instant>empty()
                        : RetryPolicy.INBOX.nextAttempt(attempts, now, ThreadLocalRandom.current());
                if (next.isEmpty()) {
                    store.inbox().markFailed(inboxId, attempts, error, now);
                    metrics.failed.increment();
                    LOG.error("inbox={} FAILED after {} attempt(s)", inboxId, attempts, RedactedThrowable.of(e));
                    return Outcome.FAILED;
                }
                store.inbox().markRetry(inboxId, attempts, error, next.get());
                metrics.retried.increment();
                if (attempts == 1) {
                    LOG.warn("inbox={} attempt 1 failed, retrying", inboxId, RedactedThrowable.of(e));
                } else {
                    LOG.warn("inbox={} attempt {} failed ({}), retrying", inboxId, attempts, error);
                }
                return Outcome.RETRY_LATER;
            });
        } catch (RuntimeException storeDown) {
            LOG.error("inbox={} failure could not be recorded ({})", inboxId, error, RedactedThrowable.of(storeDown));
            return Outcome.RETRY_LATER;
        }
    }
}
