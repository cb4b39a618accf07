package dev.parley.application.operator;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.pipeline.WorkSignal;
import dev.parley.application.safety.ReleaseHeldMessage;
import dev.parley.application.store.Transactions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An operator has reviewed a message the safety validator held (under Held &amp; filtered) and releases it: it becomes
 * visible to automation and the playbook receives it as it would have at first. Audited. Releasing a message that is
 * no longer held changes nothing and says so (false).
 */
public final class ReleaseFilteredMessage {
    private final Transactions transactions;
    private final ReleaseHeldMessage release;
    private final Clock clock;
    private final PipelineEvents events;
    private final WorkSignal outbox;

    public ReleaseFilteredMessage(Transactions transactions, ReleaseHeldMessage release, Clock clock,
                                  PipelineEvents events, WorkSignal outbox) {
        this.transactions = transactions;
        this.release = release;
        this.clock = clock;
        this.events = events;
        this.outbox = outbox;
    }

    /** Releases message {@code messageId}; false when it was not held (released already). */
    public boolean release(long messageId, String actor) {
        var who = Require.actor(actor);
        var published = transactions.inTransaction(store -> {
            var message = store.messages().find(messageId)
                    .orElseThrow(() -> new NotFoundException("message " + messageId));
            var now = clock.instant();
            var released = release.release(store, messageId, who, now);
            if (released.isEmpty()) return java.util.Optional.<List<PipelineEvent>>empty();
            var out = new ArrayList<PipelineEvent>(released.get());
            store.audit().record(who, "release_message", "message", messageId,
                    JsonDocuments.write(Map.of("conversation_id", message.conversationId())), now);
            out.add(new PipelineEvent.OperatorActed(message.conversationId(), "release_message", who));
            return java.util.Optional.<List<PipelineEvent>>of(out);
        });
        if (published.isEmpty()) return false;
        events.publish(published.get());
        outbox.wake();
        return true;
    }
}
