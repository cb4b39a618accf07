package dev.parley.application.pipeline;

import dev.parley.application.store.ConcurrentUpdateException;
import dev.parley.application.store.Inbox;
import dev.parley.application.store.Transactions;
import dev.parley.domain.message.InboundMessage;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stores a receipt durably in the inbox, once per (channel, provider id). Returns only after the commit, so the
 * caller may acknowledge it (and, with a {@link ReceiptJournal}, only after the journal has it too); processing
 * happens later, in the pipeline worker.
 */
public final class ReceiveInboundMessage {
    private static final Logger LOG = LoggerFactory.getLogger(ReceiveInboundMessage.class);
    private final Transactions transactions;
    private final Clock clock;
    private final PipelineMetrics metrics;
    private final WorkSignal worker;
    private final ReceiptJournal journal;

    /** Without a receipt journal (a store that keeps every commit, or a test's). */
    public ReceiveInboundMessage(Transactions transactions, Clock clock, PipelineMetrics metrics, WorkSignal worker) {
        this(transactions, clock, metrics, worker, ReceiptJournal.NONE);
    }

    /** Each new receipt is also appended to {@code journal} after its commit, before this returns (ADR 0001). */
    public ReceiveInboundMessage(Transactions transactions, Clock clock, PipelineMetrics metrics, WorkSignal worker,
                                 ReceiptJournal journal) {
        this.transactions = transactions;
        this.clock = clock;
        this.metrics = metrics;
        this.worker = worker;
        this.journal = journal;
    }

    /** @throws dev.parley.domain.limit.FieldTooLongException when a field is longer than the store keeps */
    public Inbox.Receipt receive(InboundMessage message, String payload) {
        var now = clock.instant();
        var checked = message.withinLimits();
        var normalised = checked.sentAt() == null ? checked.withSentAt(now) : checked;
        Inbox.Receipt receipt;
        // Urgent: the provider waits for this commit, so it writes before queued processing (issue 8, latency).
        try {
            receipt = transactions.inUrgentTransaction(s -> s.inbox().insertIfAbsent(normalised, payload, now));
        } catch (ConcurrentUpdateException raced) {
            // The same receipt was inserted concurrently: the unique key decided, this one is the duplicate.
            receipt = transactions.inUrgentTransaction(s -> s.inbox().insertIfAbsent(normalised, payload, now));
        }
        if (receipt.duplicate()) {
            metrics.duplicates.increment();
            LOG.debug("duplicate receipt inbox={} channel={}", receipt.id(), message.channel());
        } else {
            metrics.received.increment();
            LOG.debug("received inbox={} channel={}", receipt.id(), message.channel());
            worker.wake();
            // Before the caller acknowledges: should the store lose this commit in a crash, the journal has it.
            // (The worker need not wait for it: processing does not depend on the journal.)
            journal.append(new ReceiptJournal.Entry(normalised, payload, now));
        }
        return receipt;
    }
}
