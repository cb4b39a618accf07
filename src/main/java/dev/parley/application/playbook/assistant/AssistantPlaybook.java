package dev.parley.application.playbook.assistant;

import dev.parley.application.model.ModelGateway;
import dev.parley.application.playbook.ConversationModel;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbook;
import dev.parley.domain.message.InboundMessage;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Seed 001: the assistant answers every message a contact sends, through {@link ReplyEngine}; the reply leaves
 * through the outbox (which re-checks opt-out, block and pause), optionally spoken into a WAV attached on the
 * timeline, and the exchange joins the short-term dialogue memory (a failure there is ignored). One state,
 * {@code Open}: an operator pausing or blocking the conversation silences it.
 */
public final class AssistantPlaybook implements Playbook {
    public static final String NAME = "assistant";
    public static final String OPEN = "Open";
    private static final Logger LOG = LoggerFactory.getLogger(AssistantPlaybook.class);

    private final ReplyEngine engine;
    private final ModelGateway gateway;
    private final Speech speech;

    private java.util.Optional<java.nio.file.Path> spoken(ConversationSession session, String text) {
        var name = "reply-" + java.util.HexFormat.of().formatHex(dev.parley.domain.hash.Sha256.of(
                text.getBytes(java.nio.charset.StandardCharsets.UTF_8)), 0, 8);
        return session.slow().call("speech", text, () -> speech.speak(text, name));
    }

    public AssistantPlaybook(ReplyEngine engine, ModelGateway gateway, Speech speech) {
        this.engine = engine;
        this.gateway = gateway;
        this.speech = speech;
    }

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
        if (session.conversation().automationPaused()) {
            session.record("automation_paused", Map.of("message_id", messageId));
            return;
        }
        var model = new ConversationModel(gateway, session);
        var reply = engine.reply(session, model, message.text(), messageId);
        var row = session.queueMessage("message:" + messageId, "assistant_reply", reply.text());
        var detail = new LinkedHashMap<String, Object>();
        detail.put("profile", reply.profile().name());
        detail.put("outcome", reply.outcome().name().toLowerCase(java.util.Locale.ROOT));
        detail.put("retried", reply.retried());
        detail.put("model", model.describe());
        detail.put("chars", reply.text().length());
        row.ifPresent(r -> detail.put("outbox_id", r.id()));
        session.record("assistant_reply", detail);
        // The WAV is a slow call like a model's (written at Prepare, named after the text it speaks).
        row.ifPresent(r -> spoken(session, reply.text()).ifPresent(file -> session.record(
                "speech_attached", Map.of("outbox_id", r.id(), "file", file.toString()))));
        long conversationId = session.conversation().id();
        var turn = new DialogueMemory.Turn(session.now(), reply.query(), reply.text());
        // In-process memory: once the reply is committed, never for a dry run.
        session.afterCommit("dialogue memory", () -> {
            try {
                engine.memory().add(conversationId, turn);
            } catch (RuntimeException e) {
                // Seed 001 step 10: a failed memory update is ignored; the reply is already on its way.
                LOG.debug("dialogue memory not updated for conversation {}: {}", conversationId,
                        e.getClass().getName());
            }
        });
    }
}
