package dev.parley.application.console;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.pipeline.StageRunner;
import dev.parley.application.pipeline.UnitOfWork;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.store.Transactions;
import dev.parley.domain.contact.ContactStatus;
import java.util.ArrayList;
import java.util.Map;

/**
 * An operator decides a contact must not be messaged again: the contact is OPTED_OUT, automation paused, pending
 * messages held, and the conversation moves to the playbook's {@value #DESIST} state when it has one.
 */
public final class MarkDesist {
    public static final String DESIST = "Desist";

    private final StageRunner stages;
    private final Transactions transactions;
    private final Playbooks playbooks;

    /** {@code transactions}: the operators' (a lost race is run again); {@code stages}: their stages. */
    public MarkDesist(StageRunner stages, Transactions transactions, Playbooks playbooks) {
        this.stages = stages;
        this.transactions = transactions;
        this.playbooks = playbooks;
    }

    public void markDesist(long conversationId, String note, String actor) {
        var who = OperatorName.require(actor);
        if (note == null || note.isBlank()) throw new InvalidRequestException("note", "note is required");
        stages.run("mark desist " + conversationId, body -> transactions.onConversation(conversationId, body),
                UnitOfWork.committing((store, committing) -> {
            var now = committing.now();
            var conversation = store.conversations().find(conversationId)
                    .orElseThrow(() -> new NotFoundException("conversation " + conversationId));
            store.contacts().setStatus(conversation.contactId(), ContactStatus.OPTED_OUT, now, note, who);
            store.conversations().setAutomation(conversationId, true, conversation.criticalAlertTags(), now);
            var heldRows = store.outbox().holdPendingOfContact(conversation.contactId(), "operator: desist");
            int held = heldRows.size();
            heldRows.forEach(r -> committing.publish(new PipelineEvent.OutboxChanged(r.conversationId(), r.id(),
                    "HELD")));
            var playbook = playbooks.find(conversation.playbook());
            if (playbook.isPresent() && playbook.get().states().contains(DESIST)
                    && !DESIST.equals(conversation.state())) {
                var session = new ConversationSession(committing.backend(), playbook.get(),
                        store.conversations().find(conversationId).orElseThrow(), now, who);
                session.moveTo(DESIST, "operator_desist", Map.of("note", note));
                committing.publish(session);
            }
            var detail = JsonDocuments.write(Map.of("note", note, "held_outbox", held));
            store.timeline().append(conversationId, "mark_desist", null, null, null, detail, who, now);
            store.audit().record(who, "mark_desist", "conversation", conversationId, detail, now);
            committing.publish(new PipelineEvent.OperatorActed(conversationId, "mark_desist", who));
            return null;
        }));
    }
}
