package dev.parley.application.playbook;

import dev.parley.domain.message.InboundMessage;
import java.util.Map;
import java.util.Set;

/** Records each message and a timeline event, nothing else: the pipeline end to end without a policy. */
public final class NoopPlaybook implements Playbook {
    public static final String NAME = "noop";
    private static final String OPEN = "Open";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String initialState() {
        return OPEN;
    }

    @Override
    public Set<String> states() {
        return Set.of(OPEN);
    }

    @Override
    public void onInbound(ConversationSession session, InboundMessage message, long messageId) {
        session.record("message_recorded", Map.of("message_id", messageId));
    }
}
