package dev.parley.application.operator;

import dev.parley.application.PipelineEvent;
import dev.parley.application.JsonDocuments;
import dev.parley.application.pipeline.OpenConversation;
import dev.parley.application.pipeline.StageRunner;
import dev.parley.application.pipeline.UnitOfWork;
import dev.parley.application.playbook.Playbooks;
import dev.parley.domain.contact.MessagingPermission;
import dev.parley.domain.limit.FieldLimit;
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

    private final StageRunner stages;
    private final Playbooks playbooks;

    /** {@code stages}: the operators' transactions (a lost race is run again) and the after-commit middleware. */
    public StartConversation(StageRunner stages, Playbooks playbooks) {
        this.stages = stages;
        this.playbooks = playbooks;
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
        return stages.run("start conversation", UnitOfWork.committing((store, committing) -> {
            var now = committing.now();
            if (store.conversations().findByKey(channel, to).isPresent()) {
                throw new ConflictException("a conversation with this contact already exists on " + channel);
            }
            var opened = OpenConversation.open(store, channel, to, to, null, playbook, now);
            var contact = opened.contact();
            var conversation = opened.conversation();
            OpenConversation.recordStart(store, conversation, Map.of(), actor, now);
            var permission = MessagingPermission.of(contact.status(), false, true);
            var row = store.outbox().enqueue(conversation.id(), contact.id(), "start:" + conversation.id(),
                    "first_message", text, permission.outboxStatus(), permission.reason(), true, actor, now)
                    .orElseThrow();
            store.audit().record(actor, "start_conversation", "conversation", conversation.id(),
                    JsonDocuments.write(Map.of("playbook", playbook.name(), "outbox_id", row.id())), now);
            committing.publish(new PipelineEvent.OperatorActed(conversation.id(), "start_conversation", actor));
            committing.wakeOutbox();
            return new Started(conversation.id(), row.id());
        }));
    }
}
