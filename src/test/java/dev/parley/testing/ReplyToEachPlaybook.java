package dev.parley.testing;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbook;
import dev.parley.domain.message.InboundMessage;
import java.util.Set;

/**
 * Answers every inbound message with one automated reply that points at it ({@code reply_to} = the message's provider
 * id), for crash tests that count replies per message: a message processed twice would get two.
 */
public final class ReplyToEachPlaybook implements Playbook {
    public static final String NAME = "reply-each";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String initialState() {
        return "Open";
    }

    @Override
    public Set<String> states() {
        return Set.of("Open");
    }

    @Override
    public void onInbound(ConversationSession session, InboundMessage message, long messageId) {
        session.queueMessage("in:" + messageId, "reply", "noted", message.providerId());
    }
}
