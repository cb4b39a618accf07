package dev.parley.application.console;

import dev.parley.application.JsonDocuments;
import dev.parley.application.store.Transactions;
import java.time.Clock;
import java.util.Map;

/** Audits that an operator revealed masked message text or a contact address of one queue item. */
public final class RecordReveal {
    private final Transactions transactions;
    private final Clock clock;

    public RecordReveal(Transactions transactions, Clock clock) {
        this.transactions = transactions;
        this.clock = clock;
    }

    /** {@code targetType} is the kind of row revealed (conversation, alert, outbox, inbox). */
    public void reveal(String targetType, long targetId, String queue, String actor) {
        var who = OperatorName.require(actor);
        transactions.run(store -> store.audit().record(who, "reveal", targetType, targetId,
                JsonDocuments.write(Map.of("queue", queue)), clock.instant()));
    }
}
