package dev.parley.application.operator;

import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.JsonDocuments;
import dev.parley.application.pipeline.WorkSignal;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.store.Transactions;
import dev.parley.domain.contact.MessagingPermission;
import dev.parley.domain.limit.FieldLimit;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** An operator starts a conversation by sending its first message through the outbox. */
public final class StartConversation {
    public static final Set<String> CHANNELS = Set.of("sms", "chat", "email", "whatsapp", "telegram", "generic",
            "aircall");

    public record Command(String playbook, String channel, String to, String text, String actor) {
    }

    public record Started(long conversationId, long outboxId) {
    }

    private final Transactions transactions;
    private final Playbooks playbooks;
    private final Clock clock;
    private final PipelineEvents events;
    private final WorkSignal outbox;

    public StartConversation(Transactions transactions, Playbooks playbooks, Clock clock, PipelineEvents events,
                             WorkSignal outbox) {
        this.transactions = transactions;
        this.playbooks = playbooks;
        this.clock = clock;
        this.events = events;
        this.outbox = outbox;
    }

    public Started start(Command c) {
        var channel = c.channel() == null ? "sms" : c.channel();
        if (!CHANNELS.contains(channel)) {
            throw new InvalidRequestException("channel", "channel must be one of " + CHANNELS);
        }
        var to = Require.text("to", c.to(), FieldLimit.ADDRESS);
        var text = Require.text("text", c.text(), FieldLimit.MESSAGE_TEXT);
        var actor = Require.actor(c.actor());
        var playbook = playbooks.find(c.playbook())
                .orElseThrow(() -> new InvalidRequestException("playbook", "unknown playbook '" + c.playbook() + "'"));
        var started = transactions.inTransaction(store -> {
            var now = clock.instant();
            if (store.conversations().findByKey(channel, to).isPresent()) {
                throw new ConflictException("a conversation with this contact already exists on " + channel);
            }
            var contact = store.contacts().findOrCreate(channel, to, null, now);
            var conversation = store.conversations().create(channel, to, playbook.name(), playbook.initialState(),
                    contact.id(), now);
            store.timeline().append(conversation.id(), "conversation_started", null, playbook.initialState(), null,
                    JsonDocuments.write(Map.of("playbook", playbook.name())), actor, now);
            var permission = MessagingPermission.of(contact.status(), false, true);
            var row = store.outbox().enqueue(conversation.id(), contact.id(), "start:" + conversation.id(),
                    "first_message", text, permission.outboxStatus(), permission.reason(), true, actor, now)
                    .orElseThrow();
            store.audit().record(actor, "start_conversation", "conversation", conversation.id(),
                    JsonDocuments.write(Map.of("playbook", playbook.name(), "outbox_id", row.id())), now);
            return new Started(conversation.id(), row.id());
        });
        events.publish(List.of(new PipelineEvent.OperatorActed(started.conversationId(), "start_conversation", actor)));
        outbox.wake();
        return started;
    }
}
