package dev.parley.application.operator;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.pipeline.PreparedConversation;
import dev.parley.application.pipeline.StageRunner;
import dev.parley.application.pipeline.UnitOfWork;
import dev.parley.application.pipeline.ReleaseHeldMessage;
import dev.parley.application.store.Transactions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An operator has reviewed a message the safety validator held (under Held &amp; filtered) and releases it: it becomes
 * visible to automation and the playbook receives it as it would have at first. Audited. Releasing a message that is
 * no longer held changes nothing and says so (false).
 */
public final class ReleaseFilteredMessage {
    private final StageRunner stages;
    private final Transactions transactions;
    private final ReleaseHeldMessage release;

    /** {@code transactions}: the operators' (a lost race is run again); {@code stages}: their stages. */
    public ReleaseFilteredMessage(StageRunner stages, Transactions transactions, ReleaseHeldMessage release) {
        this.stages = stages;
        this.transactions = transactions;
        this.release = release;
    }

    /** Releases message {@code messageId}; false when it was not held (released already). */
    public boolean release(long messageId, String actor) {
        var who = Require.actor(actor);
        var conversation = new PreparedConversation[1];
        return stages.run("release message " + messageId, body -> transactions.inTransaction(body::apply),
                UnitOfWork.of(preparing -> {
                    var snapshot = preparing.snapshot();
                    var message = snapshot.message(messageId).orElse(null);
                    if (message == null) return;
                    conversation[0] = new PreparedConversation(message.conversationId());
                    conversation[0].read(snapshot);
                    release.release(snapshot, id -> transactions.inTransaction(s -> s.inbox().find(id)), messageId,
                            who, preparing.now());
                }, (store, committing) -> {
                    var message = store.messages().find(messageId)
                            .orElseThrow(() -> new NotFoundException("message " + messageId));
                    if (conversation[0] != null) conversation[0].lockUnchanged(store, committing);
                    var now = committing.now();
                    var released = release.release(committing.backend(), id -> store.inbox().find(id), messageId, who,
                            now);
                    if (released.isEmpty()) return false;
                    committing.publish(released.get());
                    store.audit().record(who, "release_message", "message", messageId,
                            JsonDocuments.write(Map.of("conversation_id", message.conversationId())), now);
                    committing.publish(new PipelineEvent.OperatorActed(message.conversationId(), "release_message",
                            who));
                    committing.wakeOutbox();
                    return true;
                }));
    }
}
