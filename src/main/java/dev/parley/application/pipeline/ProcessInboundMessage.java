package dev.parley.application.pipeline;

import dev.parley.application.PipelineEvent;
import dev.parley.application.RedactedThrowable;
import dev.parley.application.RetryPolicy;
import dev.parley.application.chimein.GroupMessages;
import dev.parley.application.model.ModelCallLog;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbook;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.playbook.SessionBackend;
import dev.parley.application.playbook.UnknownPlaybookException;
import dev.parley.application.safety.ScreenInbound;
import dev.parley.application.stage.SnapshotBackend;
import dev.parley.application.store.RetryOnConflict;
import dev.parley.application.store.Store;
import dev.parley.application.store.Transactions;
import dev.parley.domain.contact.Contact;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboxEntry;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.Message;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Processes one inbox row as the stages of docs/decisions/0021-pipeline-stages.md. Prepare, with no transaction open:
 * the validator's slow work (the vector of the text, the model's summary) and a dry run of the validator and the
 * playbook on a snapshot, which makes every model call they will ask. Decide and Commit, in one transaction: the
 * conversation checked unchanged since the snapshot, the message stored with the validator's decision, the playbook
 * run again on the prepared answers, its effects written with the row's PROCESSED mark. A failure is retried as
 * {@link RetryPolicy#INBOX} says, then marked FAILED. A race is not a failure: when another transaction changed the
 * same conversation first, the Commit stage runs again at once ({@link RetryOnConflict}), and only a conflict that
 * outlasts those attempts counts as a failed attempt.
 */
public final class ProcessInboundMessage {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessInboundMessage.class);

    private final Transactions transactions;
    private final RetryOnConflict retryingRaces;
    private final Playbooks playbooks;
    private final Clock clock;
    private final PipelineMetrics metrics;
    private final StageRunner stages;
    private final ScreenInbound safety;
    private final ModelCallLog calls;
    private final RandomGenerator random;

    /** {@code safety} decides on every message (seed 002) after the playbook's own first checks. */
    public ProcessInboundMessage(Transactions transactions, Playbooks playbooks, Clock clock, PipelineMetrics metrics,
                                 StageRunner stages, ScreenInbound safety, ModelCallLog calls, RandomGenerator random) {
        this.calls = calls;
        this.transactions = transactions;
        this.random = random;
        this.retryingRaces = new RetryOnConflict(transactions, "processing an inbound message", random);
        this.safety = safety;
        this.playbooks = playbooks;
        this.clock = clock;
        this.metrics = metrics;
        this.stages = stages;
    }

    /** Outcome of one attempt, for the worker's scheduling. */
    public enum Outcome { PROCESSED, RETRY_LATER, FAILED, SKIPPED }

    public Outcome process(long inboxId) {
        return process(inboxId, null);
    }

    /**
     * As {@link #process(long)}, for a row the caller has just read (the dispatcher's lane head): Prepare starts from
     * that copy instead of another read of the row. The Commit stage claims the row as always, so a row finished
     * meanwhile is still skipped.
     */
    public Outcome process(InboxEntry head) {
        return process(head.id(), head);
    }

    private Outcome process(long inboxId, InboxEntry head) {
        try {
            var row = head != null ? head : transactions.inTransaction(store -> store.inbox().find(inboxId))
                    .orElse(null);
            if (row == null) return Outcome.SKIPPED;
            var unit = new Inbound(row);
            var receivedAt = stages.run("inbox " + inboxId,
                    body -> retryingRaces.inTransaction((store, afterLostRace) -> body.apply(store)), unit);
            if (receivedAt == null) return Outcome.SKIPPED;
            unit.created().ifPresent(id -> calls.reassign(-inboxId, id));
            metrics.processed.increment();
            metrics.observeLatency(Duration.between(receivedAt, clock.instant()));
            return Outcome.PROCESSED;
        } catch (RuntimeException e) {
            return recordFailure(inboxId, e);
        }
    }

    /** One inbox row, as a unit of work; its Commit stage answers the row's receipt time (null: skipped). */
    private final class Inbound implements UnitOfWork<Instant> {
        private final InboxEntry row;
        /** The validator's slow work, done once (its inputs, the row's text and conversation, do not change). */
        private ScreenInbound.Prepared screened;
        /** The conversation as Prepare read it (empty: none yet), which the Commit stage checks is unchanged. */
        private Optional<Conversation> prepared = Optional.empty();
        /** The conversation the Commit stage created (none when it existed). */
        private Long created;
        /** Whether Prepare dry-ran the deciders (else the Commit stage checks no version: nothing was prepared). */
        private boolean dryRun;

        Inbound(InboxEntry row) {
            this.row = row;
        }

        @Override
        public void prepare(Preparing preparing) {
            var now = preparing.now();
            if (row.status() != InboxStatus.RECEIVED || row.nextAttemptAt().isAfter(now)) return;
            var m = row.message();
            var snapshot = preparing.snapshot();
            var read = snapshot.conversationByKey(m.channel(), m.conversationKey());
            if (screened == null) {
                screened = safety.prepares() ? safety.prepare(m, read.map(Conversation::id).orElse(null))
                        : ScreenInbound.Prepared.NONE;
            }
            var playbook = playbookOf(read, m);
            dryRun = preparing.dryRun(playbook.name() + "/inbound");
            if (!dryRun) return;
            prepared = read;
            var conversation = prepared.orElseGet(() -> provisional(snapshot, playbook, m, now, -row.id()));
            var decided = safety.decide(snapshot, conversation, m, now, screenedOrNone());
            long messageId = SnapshotBackend.PENDING_MESSAGE_ID;
            snapshot.withPending(new Message(messageId, conversation.id(), Direction.IN, m.providerId(),
                    decided.storedText(m), m.replyTo(), m.sentAt(), row.receivedAt(), decided.status(), null),
                    m.chat() == null ? null : GroupMessages.meta(snapshot, conversation.id(), m));
            decide(snapshot, playbook, conversation, m, messageId, now, decided);
        }

        @Override
        public Instant commit(Store store, Committing committing) {
            var entry = store.inbox().claim(row.id()).orElse(null);
            var now = committing.now();
            if (entry == null || entry.nextAttemptAt().isAfter(now)) {
                // done already, held by another process, or waiting out a retry's backoff (the caller's view of the
                // row was taken before that retry was recorded)
                return null;
            }
            var m = entry.message();
            // The conversation's row is locked first (on H2 this takes the store's one writer), so nothing changes it
            // between the check and the commit.
            var existing = store.conversations().findByKey(m.channel(), m.conversationKey())
                    .map(c -> store.conversations().lock(c.id()));
            if (dryRun && committing.reusesPreparedCalls() && !sameVersion(existing, prepared)) {
                throw new UnitOfWork.ConversationChanged("conversation changed since it was prepared");
            }
            var playbook = playbookOf(existing, m);
            // A group conversation's contact is the group (what replies go to, what an operator blocks), not a member.
            var contact = m.isGroupMessage()
                    ? store.contacts().findOrCreate(m.channel(), m.conversationKey(), m.chat().groupTitle(), now)
                    : store.contacts().findOrCreate(m.channel(), m.from(), m.senderName(), now);
            var conversation = existing.orElseGet(() -> OpenConversation.open(store, m.channel(), m.conversationKey(),
                    contact, playbook, now));
            created = existing.isPresent() ? null : conversation.id();
            var backend = committing.backend();
            // Seed 002 decides before the message is stored: a summarised message is stored as its safe summary (all
            // automation reads), a held one with its hold.
            var decided = safety.decide(backend, conversation, m, now, screenedOrNone());
            long messageId = store.messages().add(conversation.id(), Direction.IN, m.providerId(),
                    decided.storedText(m), m.replyTo(), m.sentAt(), entry.receivedAt(), decided.status(), null);
            if (m.chat() != null) {
                store.chatMessages().put(messageId, GroupMessages.meta(backend, conversation.id(), m));
            }
            store.conversations().touch(conversation.id(), now);
            committing.publish(new PipelineEvent.MessageReceived(conversation.id(), messageId));
            var session = decide(backend, playbook, store.conversations().find(conversation.id()).orElseThrow(), m,
                    messageId, now, decided);
            committing.publish(session);
            store.inbox().markProcessed(row.id(), now);
            LOG.debug("processed inbox={} conversation={} message={}", row.id(), conversation.id(), messageId);
            return entry.receivedAt();
        }

        /**
         * Decide, once the validator has ({@code decided}) and the message is stored (or, at Prepare, added to the
         * snapshot): the playbook's first checks, the validator's decision carried out, the rest of the playbook.
         */
        private ConversationSession decide(SessionBackend backend, Playbook playbook, Conversation conversation,
                                           InboundMessage m, long messageId, Instant now,
                                           ScreenInbound.Decided decided) {
            // The validator's model embedded the text: the vector is stored once, and read by the rest.
            decided.storeEmbedding(backend, messageId);
            var session = new ConversationSession(backend, playbook, conversation, now, TimelineEvent.SYSTEM_ACTOR);
            // The playbook's own first checks see the original (outreach's critical alerts run first), then the
            // decision.
            var next = playbook.screen(session, m, messageId);
            safety.apply(session, playbook, decided, m, messageId, row.id(), next);
            return session;
        }

        Optional<Long> created() {
            return Optional.ofNullable(created);
        }

        private ScreenInbound.Prepared screenedOrNone() {
            return screened == null ? ScreenInbound.Prepared.NONE : screened;
        }
    }

    /**
     * An existing conversation keeps its playbook; one a contact starts gets the one its message names, else
     * playbook.chat for a chat message and playbook.inbound for others (operator-started conversations get
     * playbook.default, in StartConversation).
     */
    private Playbook playbookOf(Optional<Conversation> existing, InboundMessage m) {
        var name = existing.map(Conversation::playbook).orElse(playbooks.forNewConversation(m));
        return playbooks.forInbound(name).orElseThrow(() -> new UnknownPlaybookException(name));
    }

    /**
     * The conversation (and contact) the Commit stage will create, for a dry run on a first message: its provisional
     * id {@code id} (negative: the model calls made for it are filed under it until it exists).
     */
    private static Conversation provisional(SnapshotBackend snapshot, Playbook playbook, InboundMessage m,
                                            Instant now, long id) {
        var address = m.isGroupMessage() ? m.conversationKey() : m.from();
        var name = m.isGroupMessage() ? m.chat().groupTitle() : m.senderName();
        snapshot.with(new Contact(-1, m.channel(), address, name, ContactStatus.ACTIVE, now, null, null, null));
        var conversation = new Conversation(id, m.channel(), m.conversationKey(), playbook.name(),
                playbook.initialState(), -1, false, null, now, now, 0);
        snapshot.with(conversation);
        return conversation;
    }

    /** Whether the conversation is as Prepare read it: the same one at the same version, or still none. */
    private static boolean sameVersion(Optional<Conversation> now, Optional<Conversation> prepared) {
        if (now.isEmpty() || prepared.isEmpty()) return now.isEmpty() == prepared.isEmpty();
        return now.get().id() == prepared.get().id() && now.get().version() == prepared.get().version();
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
                var next = e instanceof UnknownPlaybookException ? Optional.<Instant>empty()
                        : RetryPolicy.INBOX.nextAttempt(attempts, now, random);
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
