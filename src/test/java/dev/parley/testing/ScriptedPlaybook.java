package dev.parley.testing;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbook;
import dev.parley.domain.message.InboundMessage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A real playbook driven by the message text, for tests: {@code boom} throws while {@link #broken} is set,
 * {@code alert} stops automation with a CRITICAL alert, {@code pause} pauses automation, {@code wait} moves to
 * Waiting (whose timer fires {@code nudge} after an hour), {@code echo …} queues an automated reply (answering the
 * message); anything else is recorded. A sent message containing {@link #HOOK_FAILS} makes {@code onOutboundSent} throw.
 */
public final class ScriptedPlaybook implements Playbook {
    public static final String NAME = "scripted";
    public static final Duration WAIT = Duration.ofHours(1);
    public static final String HOOK_FAILS = "hook-fails";
    public final AtomicBoolean broken = new AtomicBoolean();

    public ScriptedPlaybook(boolean broken) {
        this.broken.set(broken);
    }

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
        return Set.of("Open", "Waiting", "Nudged", "HumanReview");
    }

    @Override
    public Set<String> resumableStates() {
        return Set.of("Open", "Waiting");
    }

    @Override
    public List<StateTimer> timersFor(String state) {
        return state.equals("Waiting") ? List.of(new StateTimer("Waiting", WAIT, "nudge")) : List.of();
    }

    @Override
    public void onInbound(ConversationSession session, InboundMessage message, long messageId) {
        var text = message.text();
        if (text.startsWith("boom") && broken.get()) {
            throw new IllegalStateException("scripted failure");
        } else if (text.equals("alert")) {
            session.moveTo("HumanReview", "critical_alert", Map.of());
            session.lockForReview(messageId, List.of("threat"), List.of("test-pattern"), "test");
        } else if (text.equals("pause")) {
            session.apply(new dev.parley.application.playbook.Effect.SetAutomation(session.conversation().id(), true,
                    null, session.now()));
        } else if (text.equals("wait")) {
            session.moveTo("Waiting", "wait", Map.of("message_id", messageId));
        } else if (text.startsWith("echo ")) {
            session.queueMessage("inbound:" + messageId, "echo", "you said: " + text.substring(5),
                    message.providerId());
        } else {
            session.record("message_recorded", Map.of("message_id", messageId));
        }
    }

    /** A sent message whose text contains {@link #HOOK_FAILS} makes this hook throw (a playbook bug after a send). */
    @Override
    public void onOutboundSent(ConversationSession session, dev.parley.domain.message.OutboxEntry sent) {
        if (sent.text().contains(HOOK_FAILS)) {
            throw new IllegalStateException("scripted onOutboundSent failure");
        }
    }

    @Override
    public void onTimer(ConversationSession session, String trigger) {
        if (!trigger.equals("nudge")) {
            session.reject(trigger, "unknown timer");
            return;
        }
        session.moveTo("Nudged", trigger, Map.of());
        session.queueMessage("timer:" + session.conversation().id(), "nudge", "still there?");
    }
}
