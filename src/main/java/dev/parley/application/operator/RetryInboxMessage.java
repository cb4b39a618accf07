package dev.parley.application.operator;

import dev.parley.application.JsonDocuments;
import dev.parley.application.pipeline.WorkSignal;
import dev.parley.application.store.Transactions;
import java.time.Clock;
import java.util.Map;

/** An operator puts a FAILED inbox row back in line, for example after installing a missing playbook. */
public final class RetryInboxMessage {
    private final Transactions transactions;
    private final Clock clock;
    private final WorkSignal worker;

    public RetryInboxMessage(Transactions transactions, Clock clock, WorkSignal worker) {
        this.transactions = transactions;
        this.clock = clock;
        this.worker = worker;
    }

    public void retry(long inboxId, String actor) {
        var who = Require.actor(actor);
        transactions.run(store -> {
            var now = clock.instant();
            store.inbox().find(inboxId).orElseThrow(() -> new NotFoundException("inbox row " + inboxId));
            if (!store.inbox().requeue(inboxId, now)) {
                throw new ConflictException("inbox row " + inboxId + " is not FAILED");
            }
            store.audit().record(who, "retry_inbox", "inbox", inboxId, JsonDocuments.write(Map.of("by", who)), now);
        });
        worker.wake();
    }
}
