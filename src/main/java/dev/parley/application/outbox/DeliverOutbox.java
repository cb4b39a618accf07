package dev.parley.application.outbox;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.playbook.SlowCalls;
import dev.parley.application.stage.StoreBackend;
import dev.parley.application.PipelineEvents;
import dev.parley.application.RedactedThrowable;
import dev.parley.application.RetryPolicy;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.safety.ScreenOutbound;
import dev.parley.application.store.ConcurrentUpdateException;
import dev.parley.application.store.ProcessRegistration;
import dev.parley.application.store.RetryOnConflict;
import dev.parley.application.store.Store;
import dev.parley.application.store.StoreUnavailableException;
import dev.parley.application.store.Transactions;
import dev.parley.domain.contact.CompliancePurposes;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.contact.MessagingPermission;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends outbox rows, at most once: no network I/O inside a transaction or under a lock.
 * <ol>
 *   <li>(With {@code safety.rewrite=model} only) the model's rewrite of a row the claim will screen is asked first,
 *   with no transaction open (ADR 0020).</li>
 *   <li><b>Claim</b> (one short transaction holding the contact's lock): the row must still be PENDING and due, and
 *   the first unsent row of its conversation (messages leave in order); {@link MessagingPermission} is checked at
 *   this moment (HELD / DENIED otherwise); PENDING → SENDING with the claim time and one more attempt. Commit.</li>
 *   <li><b>Journal</b> the claim ({@link ClaimJournal}, forced to disk): a store that loses the claim's commit in a
 *   crash gets it back at the next start ({@link RestoreJournalledClaims}).</li>
 *   <li><b>Send</b> through the {@link Sender} of the conversation's channel, outside any transaction.</li>
 *   <li><b>Record</b> the outcome in a new transaction: SENT (with the provider's id, the outgoing message and the
 *   playbook's {@code onOutboundSent}); a refusal FAILED, or DENIED with the contact OPTED_OUT; a request that
 *   certainly did not leave PENDING again after {@link RetryPolicy#OUTBOX}'s backoff; an unknown outcome
 *   DELIVERY_UNKNOWN, or a retry when the sender is {@link Sender#idempotent()}.</li>
 * </ol>
 * If the playbook's hook (or anything else) fails after a send, SENT is recorded without it; while the store cannot
 * be reached the outcome is held and recorded again ({@link RetryPolicy#RECORDING}). A row left SENDING (a crash
 * between send and record) is never sent again by itself: {@link #recoverInterrupted()} makes it DELIVERY_UNKNOWN, or
 * PENDING again on an idempotent channel; if its sender's answer still arrives (the process that sent it was only cut
 * off from the store for a while, docs/team.md) a delivery is recorded SENT all the same. Operators resolve
 * DELIVERY_UNKNOWN and FAILED rows with {@link ResolveUndelivered}.
 *
 * <p>A process that is not {@link ProcessRegistration#registered() registered} with its store (team mode: its
 * registration's connection is lost) claims nothing, and sends nothing it claimed before: the other processes may come
 * to take it for gone and recover its SENDING rows. A row it claimed and could not send goes back to PENDING.
 */
public final class DeliverOutbox {
    private static final Logger LOG = LoggerFactory.getLogger(DeliverOutbox.class);
    static final String INTERRUPTED = "interrupted while sending: the message may have left";
    static final String UNREGISTERED = "not sent: this process lost its registration with the store";
    static final String UNCONFIRMED_CLAIM = "not sent: the store did not confirm the claim";

    private final Transactions transactions;
    /** For recording an outcome: a race with the pipeline on the same conversation is not a failure to record. */
    private final RetryOnConflict recording;
    private final Senders senders;
    private final Clock clock;
    private final RandomGenerator jitter;
    private final PipelineEvents events;
    /** Rows this process is claiming, sending or recording; a SENDING row not in here has lost its deliverer. */
    private final Set<Long> inFlight = ConcurrentHashMap.newKeySet();
    private final RecordSent recordSent;
    private final ScreenOutbound safety;
    private final ProcessRegistration registration;

    private final ClaimJournal claimJournal;

    private final LostClaims lostClaims;

    /** {@code safety} checks each row before its first attempt (seed 002); no claim journal. */
    public DeliverOutbox(Transactions transactions, Senders senders, Playbooks playbooks, Clock clock,
                         RandomGenerator jitter, PipelineEvents events, ScreenOutbound safety) {
        this(transactions, senders, playbooks, clock, jitter, events, safety, ProcessRegistration.SOLE,
                ClaimJournal.NONE, LostClaims.none());
    }

    /**
     * As above, on a store other processes may share ({@code registration} says whether this process may claim);
     * every claim is written to {@code claimJournal} before its request leaves, and a row that repeats one of the
     * {@code lostClaims} (its first row lost by the store after it was claimed) is not sent as new.
     */
    public DeliverOutbox(Transactions transactions, Senders senders, Playbooks playbooks, Clock clock,
                         RandomGenerator jitter, PipelineEvents events, ScreenOutbound safety,
                         ProcessRegistration registration, ClaimJournal claimJournal, LostClaims lostClaims) {
        this.registration = registration;
        this.claimJournal = claimJournal;
        this.lostClaims = lostClaims;
        this.transactions = transactions;
        this.recording = new RetryOnConflict(transactions, "recording a send's outcome", jitter);
        this.safety = safety;
        this.senders = senders;
        this.recordSent = new RecordSent(playbooks);
        this.clock = clock;
        this.jitter = jitter;
        this.events = events;
    }

    /** Sends every row due now, one after another on the calling thread; returns how many rows were handled. */
    public int deliverDue(int limit) {
        recoverInterrupted();
        lostClaims.forgetOlderThanKept(clock.instant());
        int done = 0;
        for (var row : due(limit)) {
            if (deliver(row.id())) done++;
        }
        // What moved: a row due behind an earlier unsent one of its conversation (deferred, say) waits, and is not
        // counted, or a caller running until nothing is done would spin on it.
        return done;
    }

    /** PENDING rows due now, oldest first. */
    public List<OutboxEntry> due(int limit) {
        return transactions.inTransaction(s -> s.outbox().due(clock.instant(), limit));
    }

    /**
     * Claims, sends and records one row; does nothing when it is not due, not PENDING, already being sent or behind an
     * earlier unsent row of its conversation. Returns whether the row changed (sent, or held/denied at the claim).
     */
    public boolean deliver(long outboxId) {
        if (!registration.registered() || !inFlight.add(outboxId)) {
            return false;
        }
        try {
            // The screen's slow parts (the heads' embedding; with safety.rewrite=model the model's rewrite) are worked
            // out before the claim, outside any transaction (ADR 0020; issue 8, latency)
            var prepared = prepare(outboxId);
            var claimedAt = clock.instant();
            Claim claim;
            try {
                claim = transactions.inTransaction(store -> claim(store, outboxId, prepared, claimedAt));
            } catch (ConcurrentUpdateException raced) {
                return false; // another transaction changed the row or its contact first: looked at again next round
            } catch (StoreUnavailableException unconfirmed) {
                // The connection was lost at the claim's commit: the store may have committed it all the same (a
                // session ended by pg_terminate_backend or a server restart while committing). Nothing has left, so a
                // claim that did commit is withdrawn here, while the row is still in flight, rather than left SENDING
                // for recovery, which would take it for a send that may have left (DELIVERY_UNKNOWN, or a repeat).
                withdrawUnconfirmedClaim(outboxId, claimedAt, unconfirmed);
                return false;
            }
            if (claim.repeats() != null) lostClaims.settle(claim.repeats());
            events.publish(claim.events());
            if (claim.message() != null) {
                // Registration lost since the claim: the others may take this process for gone and recover the row,
                // so it is not sent. Otherwise the claim is journalled (forced) before the request leaves.
                var notJournalled = registration.registered() ? journal(claim) : new Sender.Retryable(UNREGISTERED);
                record(claim, notJournalled != null ? notJournalled : send(claim));
                return true;
            }
            return !claim.events().isEmpty();
        } finally {
            inFlight.remove(outboxId);
        }
    }

    /**
     * What the claim's screen of a row (due, first unsent of its conversation) needs that is slow: its text's vector
     * for the learned heads and, for its first attempt, the model's rewrite; worked out with no transaction open.
     * Nothing when neither is in use or the row is not about to be claimed.
     */
    private ScreenOutbound.Prepared prepare(long outboxId) {
        if (!safety.prepares()) return ScreenOutbound.Prepared.NONE;
        var row = transactions.inTransaction(store -> {
            var r = store.outbox().find(outboxId).orElse(null);
            if (r == null || r.status() != OutboxStatus.PENDING || r.nextAttemptAt().isAfter(clock.instant())
                    || store.outbox().hasEarlierUnsent(r.conversationId(), r.id(), clock.instant())) {
                return null;
            }
            return r;
        });
        return safety.prepare(row);
    }

    /**
     * Rows left SENDING without a deliverer (the process crashed between send and record, or the outcome could not
     * be stored): DELIVERY_UNKNOWN, or PENDING again when their channel's sender is idempotent. Returns how many.
     */
    public int recoverInterrupted() {
        int recovered = 0;
        for (var row : transactions.inTransaction(s -> s.outbox().sending(clock.instant()))) {
            if (inFlight.contains(row.id())) continue;
            var changed = transactions.inTransaction(store -> {
                var current = store.outbox().find(row.id()).orElse(null);
                if (current == null || current.status() != OutboxStatus.SENDING || inFlight.contains(row.id())) {
                    return null;
                }
                var conversation = store.conversations().find(current.conversationId()).orElseThrow();
                var sender = senders.forChannel(conversation.channel());
                if (sender.idempotent()) {
                    store.outbox().markRetry(current.id(), current.attempts(), INTERRUPTED, clock.instant());
                    return OutboxStatus.PENDING;
                }
                store.outbox().mark(current.id(), OutboxStatus.DELIVERY_UNKNOWN, INTERRUPTED);
                return OutboxStatus.DELIVERY_UNKNOWN;
            });
            if (changed != null) {
                recovered++;
                LOG.warn("outbox={} was left SENDING: now {}", row.id(), changed);
                events.publish(List.of(new PipelineEvent.OutboxChanged(row.conversationId(), row.id(),
                        changed.name())));
            }
        }
        return recovered;
    }

    /**
     * A claimed row on its way out; {@code message} is null when nothing is to be sent. {@code repeats}: the lost claim
     * this row turned out to repeat, settled once this claim's transaction has committed (else null).
     */
    private record Claim(OutboxEntry row, Conversation conversation, Sender sender, Sender.OutgoingMessage message,
                         List<PipelineEvent> events, ClaimJournal.Claim repeats) {
        static Claim nothing(List<PipelineEvent> events) {
            return new Claim(null, null, null, null, events, null);
        }
    }

    private Claim claim(Store store, long outboxId, ScreenOutbound.Prepared prepared, java.time.Instant now) {
        var row = store.outbox().find(outboxId).orElse(null);
        if (row == null || row.status() != OutboxStatus.PENDING || row.nextAttemptAt().isAfter(now)) {
            return Claim.nothing(List.of());
        }
        // The contact's lock orders this claim against a critical alert blocking the contact (it holds PENDING rows).
        var contact = store.contacts().lock(row.contactId());
        row = store.outbox().reload(outboxId).orElse(null);
        if (row == null || row.status() != OutboxStatus.PENDING
                || store.outbox().hasEarlierUnsent(row.conversationId(), row.id(), now)) {
            return Claim.nothing(List.of());
        }
        var conversation = store.conversations().find(row.conversationId()).orElseThrow();
        var permission = permission(contact.status(), conversation, row);
        if (!permission.allowed()) {
            store.outbox().mark(outboxId, permission.outboxStatus(), permission.reason());
            LOG.info("outbox={} {}: {}", outboxId, permission.outboxStatus(), permission.reason());
            return Claim.nothing(List.of(new PipelineEvent.OutboxChanged(conversation.id(), outboxId,
                    permission.outboxStatus().name())));
        }
        // A reply leaves from the number the contact last wrote to (a team may run several numbers on one provider).
        var from = store.inbox().lastRecipient(conversation.channel(), conversation.key()).orElse(null);
        var published = new ArrayList<PipelineEvent>();
        if (row.attempts() == 0 && !CompliancePurposes.mayReachOptedOut(row.purpose())) {
            // Seed 002, once per row (a retry sends what was decided): DENIED / HELD here, or the rewrite stored. The
            // carrier-required answers to HELP and STOP are fixed texts that must reach the contact: not screened.
            var outcome = safety.screen(new StoreBackend(store, SlowCalls.FORBIDDEN), conversation, contact, row, from,
                    now, published, prepared);
            if (outcome instanceof ScreenOutbound.Outcome.Stop stop) {
                store.outbox().mark(outboxId, stop.status(), stop.reason());
                LOG.info("outbox={} {}: {}", outboxId, stop.status(), stop.reason());
                published.add(new PipelineEvent.OutboxChanged(conversation.id(), outboxId, stop.status().name()));
                return Claim.nothing(published);
            }
            if (outcome instanceof ScreenOutbound.Outcome.Later later) {
                // still its first attempt when it is due: screened again then (a cancelled row never is)
                store.outbox().markRetry(outboxId, 0, later.reason(), later.until());
                LOG.info("outbox={} scheduled: {}", outboxId, later.reason());
                published.add(new PipelineEvent.OutboxChanged(conversation.id(), outboxId,
                        OutboxStatus.PENDING.name()));
                return Claim.nothing(published);
            }
        }
        var sender = senders.forChannel(conversation.channel());
        var repeats = lostClaims.of(conversation, row).orElse(null);
        var claimed = store.outbox().claim(outboxId, now);
        if (repeats != null && !sender.idempotent()) {
            // The store lost the row this one makes again, after its message was claimed: it may have left.
            var reason = "the same message was claimed as outbox row " + repeats.outboxId()
                    + " before a crash the store lost it in: it may have left";
            store.outbox().mark(outboxId, OutboxStatus.DELIVERY_UNKNOWN, reason);
            LOG.warn("outbox={} DELIVERY_UNKNOWN via {}: repeats lost outbox row {}, not sent again automatically",
                    outboxId, sender.name(), repeats.outboxId());
            published.add(new PipelineEvent.OutboxChanged(conversation.id(), outboxId, "DELIVERY_UNKNOWN"));
            return new Claim(null, null, null, null, published, repeats);
        }
        // An idempotent sender sends it under the lost row's id, which the receiver knows the message by.
        long knownAs = repeats != null ? repeats.outboxId() : outboxId;
        if (repeats != null) LOG.info("outbox={} repeats lost outbox row {}: sent under its id", outboxId, knownAs);
        var message = new Sender.OutgoingMessage(knownAs, conversation.channel(), conversation.key(),
                contact.address(), from, claimed.replyTo(), claimed.text());
        return new Claim(claimed, conversation, sender, message, published, repeats);
    }

    /**
     * After a claim whose commit was not confirmed: once the store answers again, the row claimed at {@code claimedAt}
     * (if that claim did commit) goes back to PENDING, due now, its attempt counted; nothing was sent for it. Waits for
     * the store as {@link RetryPolicy#RECORDING} says, the row kept in flight meanwhile.
     */
    private void withdrawUnconfirmedClaim(long outboxId, java.time.Instant claimedAt, StoreUnavailableException cause) {
        LOG.warn("outbox={} claim not confirmed by the store ({}): withdrawn once the store answers, if it committed",
                outboxId, RedactedThrowable.describe(cause.getCause() != null ? cause.getCause() : cause));
        for (int unavailable = 1; ; unavailable++) {
            try {
                var withdrawn = transactions.inTransaction(store -> {
                    var row = store.outbox().find(outboxId).orElse(null);
                    if (row == null || row.status() != OutboxStatus.SENDING || !claimedAt.equals(row.claimedAt())) {
                        return null;
                    }
                    store.outbox().markRetry(outboxId, row.attempts(), UNCONFIRMED_CLAIM, clock.instant());
                    return row;
                });
                if (withdrawn != null) {
                    LOG.warn("outbox={} claim had committed although unconfirmed: PENDING again, not sent", outboxId);
                    events.publish(List.of(new PipelineEvent.OutboxChanged(withdrawn.conversationId(), outboxId,
                            OutboxStatus.PENDING.name())));
                }
                return;
            } catch (StoreUnavailableException e) {
                if (unavailable >= RetryPolicy.RECORDING.attempts()) {
                    LOG.error("outbox={} unconfirmed claim not settled: the store stayed unavailable; the row is "
                            + "recovered if the claim committed", outboxId, RedactedThrowable.of(e));
                    return;
                }
                if (!pause(RetryPolicy.RECORDING.delay(unavailable, jitter))) return;
            }
        }
    }

    /**
     * {@link MessagingPermission}, with the one exception carriers require or allow: the answer to an opted-out
     * contact's own HELP keyword and one confirmation of their STOP ({@link CompliancePurposes}) may reach them. A block
     * or a paused automation still holds those.
     */
    private static MessagingPermission permission(ContactStatus contact, Conversation conversation, OutboxEntry row) {
        var status = contact == ContactStatus.OPTED_OUT && CompliancePurposes.mayReachOptedOut(row.purpose())
                ? ContactStatus.ACTIVE : contact;
        return MessagingPermission.of(status, conversation.automationPaused(), row.operatorExplicit());
    }

    /**
     * Writes the committed claim to the claim journal, forced, before anything is sent: a crash that costs the store
     * the claim's commit must not make the row look never claimed (ADR 0001). Null when written; when it cannot be,
     * the request does not leave and the row is tried again later.
     */
    private Sender.Result journal(Claim claim) {
        try {
            claimJournal.append(ClaimJournal.Claim.of(claim.row(), claim.conversation()));
            return null;
        } catch (RuntimeException e) {
            LOG.error("outbox={} claim not journalled: not sent", claim.row().id(), RedactedThrowable.of(e));
            return new Sender.Retryable("claim journal unavailable: " + e.getClass().getSimpleName()
                    + " (the request did not leave)");
        }
    }

    private Sender.Result send(Claim claim) {
        try {
            return claim.sender().send(claim.message());
        } catch (RuntimeException bug) {
            // The request may have left before the sender failed: treat it as an unknown outcome.
            LOG.error("outbox={} sender {} failed", claim.row().id(), claim.sender().name(), RedactedThrowable.of(bug));
            return new Sender.Unknown("sender " + claim.sender().name() + " failed: " + bug.getClass().getSimpleName());
        }
    }

    /**
     * Records the outcome with the playbook's hook; if that fails, records it again without the hook (noting the
     * failure on the timeline). If even that fails the row stays SENDING, for {@link #recoverInterrupted()}. Each is
     * run again when it lost a race with another transaction on the conversation (the pipeline processing the next
     * message): a race is not a failure of the hook, and a reply that left must not end up DELIVERY_UNKNOWN for it.
     * While the store cannot be reached (a PostgreSQL restart) the outcome is held and recorded again as {@link
     * RetryPolicy#RECORDING} says; the row stays in flight meanwhile, so this process does not recover it itself.
     */
    private void record(Claim claim, Sender.Result result) {
        long id = claim.row().id();
        RuntimeException hookFailure = null;
        for (int unavailable = 0; ; ) {
            var failure = hookFailure;
            try {
                recording.inTransaction((store, afterLostRace) -> recordIn(store, claim, result, failure,
                        afterLostRace)).publish(events);
                if (unavailable > 0) LOG.info("outbox={} outcome {} recorded once the store was back", id,
                        result.getClass().getSimpleName());
                return;
            } catch (StoreUnavailableException e) {
                if (++unavailable >= RetryPolicy.RECORDING.attempts()) {
                    LOG.error("outbox={} outcome {} not recorded: the store stayed unavailable; the row stays SENDING "
                            + "until it is recovered", id, result.getClass().getSimpleName(), RedactedThrowable.of(e));
                    return;
                }
                if (unavailable == 1) LOG.warn("outbox={} outcome {} waits for the store to record it ({})", id,
                        result.getClass().getSimpleName(), RedactedThrowable.describe(e.getCause() != null
                                ? e.getCause() : e));
                if (!pause(RetryPolicy.RECORDING.delay(unavailable, jitter))) return;
            } catch (RuntimeException e) {
                if (failure != null) {
                    LOG.error("outbox={} outcome {} not recorded: the row stays SENDING until it is recovered", id,
                            result.getClass().getSimpleName(), RedactedThrowable.of(e));
                    return;
                }
                LOG.error("outbox={} recording the outcome {} failed; recording it without the playbook's hook", id,
                        result.getClass().getSimpleName(), RedactedThrowable.of(e));
                hookFailure = e;
            }
        }
    }

    private static boolean pause(java.time.Duration delay) {
        try {
            Thread.sleep(delay);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * {@code hookFailure}: null to run the playbook's hook, else the failure that made this a second try.
     * {@code afterLostRace}: the attempt before lost a race on the conversation (the pipeline processing its next
     * message): this one locks the conversation's row first, so that it waits for that transaction instead.
     */
    private RecordSent.Recorded recordIn(Store store, Claim claim, Sender.Result result,
                                         RuntimeException hookFailure, boolean afterLostRace) {
        var published = new ArrayList<PipelineEvent>();
        var afterCommit = new ArrayList<dev.parley.application.playbook.Effect.AfterCommit>();
        if (afterLostRace) store.conversations().lock(claim.conversation().id());
        var row = store.outbox().find(claim.row().id()).orElseThrow();
        var now = clock.instant();
        boolean sameAttempt = row.attempts() == claim.row().attempts()
                && java.util.Objects.equals(row.claimedAt(), claim.row().claimedAt());
        if (sameAttempt && result instanceof Sender.Delivered delivered && INTERRUPTED.equals(row.reason())
                && (row.status() == OutboxStatus.DELIVERY_UNKNOWN || row.status() == OutboxStatus.PENDING)) {
            // Recovered as interrupted while this attempt was still on its way (another process took this one for
            // gone): the provider's answer settles it.
            LOG.warn("outbox={} was recovered as {} while it was being sent; the delivery is recorded", row.id(),
                    row.status());
            return recordSent.record(store, row, delivered.providerId(), now, hookFailure == null);
        }
        if (row.status() != OutboxStatus.SENDING || !sameAttempt) {
            LOG.warn("outbox={} was {} when its outcome arrived; outcome {} not recorded", row.id(), row.status(),
                    result.getClass().getSimpleName());
            return new RecordSent.Recorded(published, afterCommit);
        }
        var conversation = claim.conversation();
        var sender = claim.sender();
        switch (result) {
            case Sender.Delivered delivered -> {
                var recorded = recordSent.record(store, row, delivered.providerId(), now, hookFailure == null);
                published.addAll(recorded.events());
                afterCommit.addAll(recorded.afterCommit());
                if (hookFailure != null) {
                    store.timeline().append(conversation.id(), "outbound_hook_failed", null, null, null,
                            JsonDocuments.write(Map.of("outbox_id", row.id(), "error",
                                    RedactedThrowable.summary(hookFailure))), TimelineEvent.SYSTEM_ACTOR, now);
                }
                LOG.debug("outbox={} SENT via {}", row.id(), sender.name());
            }
            case Sender.Retryable retry -> retryOrGiveUp(store, row, retry.reason(), OutboxStatus.FAILED, published);
            case Sender.Unknown unknown -> {
                if (sender.idempotent()) {
                    retryOrGiveUp(store, row, unknown.reason(), OutboxStatus.DELIVERY_UNKNOWN, published);
                } else {
                    store.outbox().mark(row.id(), OutboxStatus.DELIVERY_UNKNOWN, unknown.reason());
                    published.add(new PipelineEvent.OutboxChanged(conversation.id(), row.id(), "DELIVERY_UNKNOWN"));
                    LOG.warn("outbox={} DELIVERY_UNKNOWN via {} ({}): not sent again automatically", row.id(),
                            sender.name(), unknown.reason());
                }
            }
            case Sender.Permanent refused -> {
                var status = refused.optedOut() ? OutboxStatus.DENIED : OutboxStatus.FAILED;
                store.outbox().mark(row.id(), status, refused.reason());
                published.add(new PipelineEvent.OutboxChanged(conversation.id(), row.id(), status.name()));
                if (refused.optedOut()) {
                    store.contacts().setStatus(row.contactId(), ContactStatus.OPTED_OUT, now, refused.reason(),
                            sender.name());
                    for (var held : store.outbox().holdPendingOfContact(row.contactId(),
                            MessagingPermission.OPTED_OUT)) {
                        published.add(new PipelineEvent.OutboxChanged(held.conversationId(), held.id(),
                                OutboxStatus.HELD.name()));
                    }
                }
                LOG.warn("outbox={} {} by {}", row.id(), status, sender.name());
            }
        }
        return new RecordSent.Recorded(published, afterCommit);
    }

    private void retryOrGiveUp(Store store, OutboxEntry row, String reason, OutboxStatus giveUpAs,
                               List<PipelineEvent> published) {
        var next = RetryPolicy.OUTBOX.nextAttempt(row.attempts(), clock.instant(), jitter);
        if (next.isPresent()) {
            store.outbox().markRetry(row.id(), row.attempts(), reason, next.get());
            LOG.info("outbox={} attempt {} did not go out ({}), retrying", row.id(), row.attempts(), reason);
            return;
        }
        store.outbox().mark(row.id(), giveUpAs, reason);
        published.add(new PipelineEvent.OutboxChanged(row.conversationId(), row.id(), giveUpAs.name()));
        LOG.warn("outbox={} {} after {} attempts ({})", row.id(), giveUpAs, row.attempts(), reason);
    }
}
