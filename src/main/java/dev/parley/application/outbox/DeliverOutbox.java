package dev.parley.application.outbox;

import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.store.Store;
import dev.parley.application.store.Transactions;
import dev.parley.domain.contact.CompliancePurposes;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends due outbox rows. Each row is sent inside a transaction that holds a lock on its contact and checks, at
 * that moment, that the contact may be messaged and automation is not paused (an operator's explicit message
 * may pass a block or a pause, never an opt-out; only the answers carriers require to a STOP or HELP keyword may
 * reach an opted-out contact, see {@link CompliancePurposes}). Failures retry with exponential backoff and jitter.
 */
public final class DeliverOutbox {
    private static final Logger LOG = LoggerFactory.getLogger(DeliverOutbox.class);
    public static final int MAX_ATTEMPTS = 6;

    private final Transactions transactions;
    private final Sender sender;
    private final Playbooks playbooks;
    private final Clock clock;
    private final Random jitter;
    private final PipelineEvents events;

    public DeliverOutbox(Transactions transactions, Sender sender, Playbooks playbooks, Clock clock, Random jitter,
                         PipelineEvents events) {
        this.transactions = transactions;
        this.sender = sender;
        this.playbooks = playbooks;
        this.clock = clock;
        this.jitter = jitter;
        this.events = events;
    }

    /** Sends every row due now; returns how many rows were handled. */
    public int deliverDue(int limit) {
        var due = transactions.inTransaction(s -> s.outbox().due(clock.instant(), limit));
        for (var row : due) {
            deliver(row.id());
        }
        return due.size();
    }

    public void deliver(long outboxId) {
        var published = transactions.inTransaction(store -> deliverIn(store, outboxId));
        events.publish(published);
    }

    private List<PipelineEvent> deliverIn(Store store, long outboxId) {
        var published = new ArrayList<PipelineEvent>();
        var row = store.outbox().find(outboxId).orElse(null);
        if (row == null || row.status() != OutboxStatus.PENDING) {
            return published;
        }
        var contact = store.contacts().lock(row.contactId());
        // Another deliverer may have handled the row while this one waited for the contact's lock.
        row = store.outbox().reload(outboxId).orElse(null);
        if (row == null || row.status() != OutboxStatus.PENDING) {
            return published;
        }
        var conversation = store.conversations().find(row.conversationId()).orElseThrow();
        var now = clock.instant();
        String refusal = null;
        OutboxStatus refusedAs = OutboxStatus.HELD;
        if (contact.status() == ContactStatus.OPTED_OUT && !CompliancePurposes.mayReachOptedOut(row.purpose())) {
            refusal = "contact opted out";
            refusedAs = OutboxStatus.DENIED;
        } else if (!row.operatorExplicit() && contact.status() == ContactStatus.BLOCKED) {
            refusal = "contact " + contact.status();
        } else if (!row.operatorExplicit() && conversation.automationPaused()) {
            refusal = "automation paused";
        }
        if (refusal != null) {
            store.outbox().mark(outboxId, refusedAs, refusal);
            published.add(new PipelineEvent.OutboxChanged(conversation.id(), outboxId, refusedAs.name()));
            LOG.info("outbox={} {}: {}", outboxId, refusedAs, refusal);
            return published;
        }
        var result = sender.send(new Sender.OutgoingMessage(outboxId, conversation.channel(), contact.address(),
                null, row.text()));
        switch (result) {
            case Sender.Delivered delivered -> {
                store.outbox().markSent(outboxId, delivered.providerId(), now);
                store.messages().add(conversation.id(), Direction.OUT, delivered.providerId(), row.text(), null, now,
                        null, "SENT", row.actor());
                store.conversations().touch(conversation.id(), now);
                published.add(new PipelineEvent.OutboxChanged(conversation.id(), outboxId, "SENT"));
                var playbook = playbooks.find(conversation.playbook()).orElseThrow();
                var session = new ConversationSession(store, playbook,
                        store.conversations().find(conversation.id()).orElseThrow(), now, TimelineEvent.SYSTEM_ACTOR);
                playbook.onOutboundSent(session, store.outbox().find(outboxId).orElseThrow());
                published.addAll(session.events());
                LOG.debug("outbox={} SENT via {}", outboxId, sender.name());
            }
            case Sender.Retryable retry -> retryOrFail(store, row, retry.reason(), published);
            case Sender.Permanent permanent -> {
                store.outbox().mark(outboxId, OutboxStatus.FAILED, permanent.reason());
                published.add(new PipelineEvent.OutboxChanged(conversation.id(), outboxId, "FAILED"));
                if (permanent.optedOut()) {
                    store.contacts().setStatus(contact.id(), ContactStatus.OPTED_OUT, now, permanent.reason(),
                            sender.name());
                    for (var held : store.outbox().holdPendingOfContact(contact.id(), "contact opted out")) {
                        published.add(new PipelineEvent.OutboxChanged(held.conversationId(), held.id(),
                                OutboxStatus.HELD.name()));
                    }
                }
                LOG.warn("outbox={} FAILED permanently via {}", outboxId, sender.name());
            }
        }
        return published;
    }

    private void retryOrFail(Store store, OutboxEntry row, String reason, List<PipelineEvent> published) {
        int attempts = row.attempts() + 1;
        if (attempts >= MAX_ATTEMPTS) {
            store.outbox().markRetry(row.id(), attempts, reason, row.nextAttemptAt());
            store.outbox().mark(row.id(), OutboxStatus.FAILED, reason);
            published.add(new PipelineEvent.OutboxChanged(row.conversationId(), row.id(), "FAILED"));
            LOG.warn("outbox={} FAILED after {} attempts", row.id(), attempts);
            return;
        }
        store.outbox().markRetry(row.id(), attempts, reason, clock.instant().plus(backoff(attempts)));
        LOG.info("outbox={} attempt {} failed, retrying", row.id(), attempts);
    }

    /** Exponential backoff with full jitter: a random delay up to 2^attempts seconds, capped at 10 minutes. */
    Duration backoff(int attempts) {
        long capMillis = Math.min(600_000L, 1000L << Math.min(attempts, 20));
        return Duration.ofMillis(capMillis / 2 + (long) (jitter.nextDouble() * capMillis / 2));
    }
}
