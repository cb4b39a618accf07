package dev.parley.application.console;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.store.Transactions;
import dev.parley.domain.contact.ContactStatus;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Map;

/**
 * An operator decides a contact must not be messaged again: the contact is OPTED_OUT, automation paused, pending
 * messages held, and the conversation moves to the playbook's {@value #DESIST} state when it has one.
 */
public final class MarkDesist {
    public static final String DESIST = "Desist";

    private final Transactions transactions;
    private final Playbooks playbooks;
    private final Clock clock;
    private final PipelineEvents events;

    public MarkDesist(Transactions transactions, Playbooks playbooks, Clock clock, PipelineEvents events) {
        this.transactions = transactions;
        this.playbooks = playbooks;
        this.clock = clock;
        this.events = events;
    }

    public void markDesist(long conversationId, String note, String actor) {
        var who = OperatorName.require(actor);
        if (note == null || note.isBlank()) throw new InvalidRequestException("note", "note is required");
        var published = transactions.onConversation(conversationId, store -> {
            var now = clock.instant();
            var conversation = store.conversations().find(conversationId)
                    .orElseThrow(() -> new NotFoundException("conversation " + conversationId));
            store.contacts().setStatus(conversation.contactId(), ContactStatus.OPTED_OUT, now, note, who);
            store.conversations().setAutomation(conversationId, true, conversation.criticalAlertTags(), now);
            var heldRows = store.outbox().holdPendingOfContact(conversation.contactId(), "operator: desist");
            int held = heldRows.size();
            var out = new ArrayList<PipelineEvent>();
            heldRows.forEach(r -> out.add(new PipelineEvent.OutboxChanged(r.conversationId(), r.id(), "HELD")));
            var playbook = playbooks.find(conversation.playbook());
            if (playbook.isPresent() && playbook.get().states().contains(DESIST)
                    && !DESIST.equals(conversation.state())) {
                var session = new ConversationSession(store, playbook.get(),
                        store.conversations().find(conversationId).orElseThrow(), now, who);
                session.moveTo(DESIST, "operator_desist", Map.of("note", note));
                out.addAll(session.events());
            }
            var detail = JsonDocuments.write(Map.of("note", note, "held_outbox", held));
            store.timeline().append(conversationId, "mark_desist", null, null, null, detail, who, now);
            store.audit().record(who, "mark_desist", "conversation", conversationId, detail, now);
            out.add(new PipelineEvent.OperatorActed(conversationId, "mark_desist", who));
            return out;
        });
        events.publish(published);
    }
}
