package dev.parley.application.outbox;

import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.playbook.Effect;
import dev.parley.application.playbook.SlowCalls;
import dev.parley.application.stage.StoreBackend;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.playbook.UnknownPlaybookException;
import dev.parley.application.store.Store;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.OutboxEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What "this row was sent" means in the store, whoever learnt it (the sender's answer, or an operator who checked
 * the provider): the row SENT with the provider's id, the outgoing message on the conversation, and the playbook's
 * {@code onOutboundSent}.
 */
final class RecordSent {
    private final Playbooks playbooks;

    RecordSent(Playbooks playbooks) {
        this.playbooks = playbooks;
    }

    /** What recording a send did: the events to publish and the work to run once its transaction has committed. */
    record Recorded(List<PipelineEvent> events, List<Effect.AfterCommit> afterCommit) {
        /** Runs the deferred work (after the commit), then publishes the events. */
        void publish(PipelineEvents to) {
            for (var work : afterCommit) work.work().run();
            to.publish(events);
        }
    }

    /**
     * Marks the row SENT and records the message; runs the playbook's hook when {@code withHook}, in this transaction:
     * a hook decides nothing slow (a slow call here fails, {@link SlowCalls#FORBIDDEN}).
     */
    Recorded record(Store store, OutboxEntry row, String providerId, Instant now, boolean withHook) {
        var published = new ArrayList<PipelineEvent>();
        var backend = new StoreBackend(store, SlowCalls.FORBIDDEN);
        store.outbox().markSent(row.id(), providerId, now);
        store.messages().add(row.conversationId(), Direction.OUT, providerId, row.text(), row.replyTo(), now, null,
                "SENT", row.actor());
        store.conversations().touch(row.conversationId(), now);
        published.add(new PipelineEvent.OutboxChanged(row.conversationId(), row.id(), "SENT"));
        if (withHook) {
            var conversation = store.conversations().find(row.conversationId()).orElseThrow();
            var playbook = playbooks.find(conversation.playbook())
                    .orElseThrow(() -> new UnknownPlaybookException(conversation.playbook()));
            var session = new ConversationSession(backend, playbook, conversation, now, TimelineEvent.SYSTEM_ACTOR);
            playbook.onOutboundSent(session, store.outbox().find(row.id()).orElseThrow());
            published.addAll(session.events());
        }
        return new Recorded(published, backend.afterCommit());
    }
}
