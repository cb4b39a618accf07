package dev.parley.application.operator;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.pipeline.StageRunner;
import dev.parley.application.pipeline.UnitOfWork;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.store.Transactions;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.limit.FieldLimit;
import java.util.ArrayList;
import java.util.Map;

/**
 * An operator who reviewed a conversation lets automation continue: contact back to ACTIVE, automation resumed,
 * the conversation moved to a valid state of its playbook, its critical and review-tier alerts resolved with the note.
 * Messages held meanwhile stay HELD for the operator.
 */
public final class UnblockConversation {
    private final StageRunner stages;
    private final Transactions transactions;
    private final Playbooks playbooks;

    /** {@code transactions}: the operators' (a lost race is run again); {@code stages}: their stages. */
    public UnblockConversation(StageRunner stages, Transactions transactions, Playbooks playbooks) {
        this.stages = stages;
        this.transactions = transactions;
        this.playbooks = playbooks;
    }

    /** Returns the state the conversation is in afterwards (the playbook's operator row may choose it). */
    public String unblock(long conversationId, String resumeState, String note, String actor) {
        var state = Require.text("resume_state", resumeState, FieldLimit.STATE);
        var why = Require.text("note", note, FieldLimit.NOTE);
        var who = Require.actor(actor);
        // No dry run: resuming decides nothing slow today; should a playbook ever ask a model here, the Commit stage
        // asks Prepare for that call (StageRunner), and the call is still made outside the transaction.
        return stages.run("unblock conversation " + conversationId,
                body -> transactions.onConversation(conversationId, body), UnitOfWork.committing((store, committing) -> {
                    var now = committing.now();
                    var conversation = store.conversations().find(conversationId)
                            .orElseThrow(() -> new NotFoundException("conversation " + conversationId));
                    var playbook = playbooks.find(conversation.playbook()).orElseThrow();
                    if (!playbook.resumableStates().contains(state)) {
                        throw new InvalidRequestException("resume_state", "'" + state + "' is not a state operators "
                                + "may resume into in playbook " + playbook.name() + "; valid: "
                                // sorted: a Set's order changes from run to run, and replays must not
                                + new java.util.TreeSet<>(playbook.resumableStates()));
                    }
                    store.contacts().setStatus(conversation.contactId(), ContactStatus.ACTIVE, now, why, who);
                    // the decision the critical and review-tier alerts waited for: they are resolved with its note
                    for (var alert : store.alerts().ofConversation(conversationId)) {
                        // CRITICAL and WARNING: the severities that wait in Human review
                        if (!alert.resolved() && alert.severity().review()) {
                            store.alerts().resolve(alert.id(), who, now, "unblocked: " + why);
                        }
                    }
                    store.conversations().setAutomation(conversationId, false, null, now);
                    var session = new ConversationSession(committing.backend(), playbook,
                            store.conversations().find(conversationId).orElseThrow(), now, who);
                    playbook.onUnblock(session, state, why);
                    session.scheduleTimersOfCurrentState();
                    store.audit().record(who, "unblock", "conversation", conversationId,
                            JsonDocuments.write(Map.of("resume_state", state, "note", why,
                                    "from_state", conversation.state())), now);
                    committing.publish(session);
                    committing.publish(new PipelineEvent.OperatorActed(conversationId, "unblock", who));
                    return session.conversation().state();
                }));
    }
}
