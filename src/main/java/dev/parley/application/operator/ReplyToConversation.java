package dev.parley.application.operator;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.pipeline.StageRunner;
import dev.parley.application.pipeline.UnitOfWork;
import dev.parley.application.store.ConcurrentUpdateException;
import dev.parley.application.store.Transactions;
import dev.parley.domain.contact.MessagingPermission;
import dev.parley.domain.limit.FieldLimit;
import java.util.Map;

/** An operator replies by hand; the reply leaves through the outbox like every other message. */
public final class ReplyToConversation {
    private final StageRunner stages;
    private final Transactions transactions;

    /** {@code transactions}: the operators' (a lost race is run again); {@code stages}: the after-commit middleware. */
    public ReplyToConversation(StageRunner stages, Transactions transactions) {
        this.stages = stages;
        this.transactions = transactions;
    }

    /**
     * Returns the outbox row id of the reply. A conversation another operator has claimed is refused with
     * {@link ClaimedByOtherException}: the caller asks first, then replies with {@code overClaim}.
     */
    public long reply(long conversationId, String text, String actor) {
        return reply(conversationId, text, actor, false);
    }

    /** As above; {@code overClaim} replies even when another operator has claimed the conversation (audited). */
    public long reply(long conversationId, String text, String actor, boolean overClaim) {
        var body = Require.text("text", text, FieldLimit.MESSAGE_TEXT);
        var who = Require.actor(actor);
        return stages.run("reply to conversation " + conversationId,
                unit -> transactions.onConversation(conversationId, unit), UnitOfWork.committing((store, committing) -> {
            var now = committing.now();
            var conversation = store.conversations().find(conversationId)
                    .orElseThrow(() -> new NotFoundException("conversation " + conversationId));
            var claim = store.claims().of(conversationId).filter(c -> !c.operator().equals(who));
            if (claim.isPresent() && !overClaim) {
                throw new ClaimedByOtherException(conversationId, claim.get().operator());
            }
            var contact = store.contacts().find(conversation.contactId()).orElseThrow();
            var permission = MessagingPermission.of(contact.status(), conversation.automationPaused(), true);
            int sequence = store.outbox().ofConversation(conversationId).size();
            var row = store.outbox().enqueue(conversationId, contact.id(), "operator:" + conversationId + ":" + sequence,
                    "operator_reply", body, permission.outboxStatus(), permission.reason(), true, who, now)
                    // Another operator's reply took this place in the conversation first: run again, after it.
                    .orElseThrow(() -> new ConcurrentUpdateException("outbox row operator:" + conversationId + ":"
                            + sequence + " exists", null));
            store.timeline().append(conversationId, "operator_reply", null, null, null,
                    JsonDocuments.write(Map.of("outbox_id", row.id())), who, now);
            store.audit().record(who, "reply", "conversation", conversationId, JsonDocuments.write(
                    claim.isPresent() ? Map.of("outbox_id", row.id(), "over_claim_of", claim.get().operator())
                            : Map.of("outbox_id", row.id())), now);
            // A new version: a message of this conversation being prepared now is prepared again, with the reply.
            store.conversations().touch(conversationId, now);
            committing.publish(new PipelineEvent.OperatorActed(conversationId, "reply", who));
            committing.wakeOutbox();
            return row.id();
        }));
    }
}
