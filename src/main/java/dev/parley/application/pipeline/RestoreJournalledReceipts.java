package dev.parley.application.pipeline;

import dev.parley.application.store.Inbox;
import dev.parley.application.store.Transactions;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At start-up, before anything else runs: every receipt in the {@link ReceiptJournal} that the inbox does not hold
 * (by the same (channel, provider id) key that dedupes receipts) is inserted again, RECEIVED, so the pipeline
 * processes it. A receipt the inbox already holds is left alone, so replaying the journal any number of times
 * changes nothing more. Logs counts and inbox ids only.
 */
public final class RestoreJournalledReceipts {
    private static final Logger LOG = LoggerFactory.getLogger(RestoreJournalledReceipts.class);
    private static final int BATCH = 200;

    private final Transactions transactions;
    private final ReceiptJournal journal;

    /** What a restore did: entries read, damaged lines skipped, and the inbox ids of the receipts put back. */
    public record Result(int entries, int damaged, List<Long> restored) {
        public Result {
            restored = List.copyOf(restored);
        }
    }

    public RestoreJournalledReceipts(Transactions transactions, ReceiptJournal journal) {
        this.transactions = transactions;
        this.journal = journal;
    }

    public Result run() {
        var contents = journal.entries();
        var entries = contents.entries();
        var restored = new ArrayList<Long>();
        for (int from = 0; from < entries.size(); from += BATCH) {
            var batch = entries.subList(from, Math.min(entries.size(), from + BATCH));
            restored.addAll(transactions.inTransaction(s -> {
                var ids = new ArrayList<Long>();
                for (var e : batch) {
                    Inbox.Receipt r = s.inbox().insertIfAbsent(e.message(), e.payload(), e.receivedAt());
                    if (!r.duplicate()) ids.add(r.id());
                }
                return ids;
            }));
        }
        var result = new Result(entries.size(), contents.damaged(), restored);
        if (!restored.isEmpty() || contents.damaged() > 0) {
            LOG.warn("receipt journal: {} entries, {} damaged lines skipped, {} restored to the inbox (inbox ids {})",
                    result.entries(), result.damaged(), restored.size(), restored);
        } else if (!entries.isEmpty()) {
            LOG.info("receipt journal: {} entries, 0 damaged lines skipped, 0 restored to the inbox",
                    result.entries());
        }
        return result;
    }
}
