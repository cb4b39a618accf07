package dev.parley.testing;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbook;
import dev.parley.domain.message.InboundMessage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The safety tests' policy and playbook: a test {@code safety.json} with one made-up word per decision (so the shipped
 * lexicons may change freely), and a playbook that answers with those words on request.
 */
public final class WiringSafety {
    /** The test policy, on the test class path. */
    public static final String POLICY = "/safety/wiring-safety.json";
    /** An outbound text the test policy rewrites (SOFT_REWRITE). */
    public static final String REWRITTEN = "After all this you zzguilt me an answer";
    /** An outbound text the test policy denies (HARD_DENY). */
    public static final String DENIED = "Pay the zzscam fee now";

    private WiringSafety() {
    }

    /** A validator of the test policy on a clock fixed at {@code at}. */
    public static dev.parley.domain.safety.SafetyValidator validator(java.time.Instant at) {
        try (InputStream in = WiringSafety.class.getResourceAsStream(POLICY)) {
            var file = dev.parley.adapter.safety.SafetyPolicyFile.parse("wiring-safety.json", in.readAllBytes());
            return new dev.parley.domain.safety.SafetyValidator(file.policy(), java.time.Clock.fixed(at,
                    java.time.ZoneOffset.UTC), dev.parley.domain.safety.ValidationFailureListener.IGNORE);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Writes the test policy as {@code home}'s {@code safety.json}. */
    public static void writePolicy(Path home) throws IOException {
        Files.createDirectories(home);
        try (InputStream in = WiringSafety.class.getResourceAsStream(POLICY)) {
            Files.write(home.resolve("safety.json"), in.readAllBytes());
        }
    }

    /**
     * Answers "echo: &lt;what it saw&gt;"; "say-deny" and "say-rewrite" answer with {@link #DENIED} and
     * {@link #REWRITTEN}. Remembers every text it was given (in decisions that were committed).
     */
    public static final class EchoPlaybook implements Playbook {
        public final List<String> seen = new CopyOnWriteArrayList<>();

        @Override public String name() { return "echo"; }
        @Override public String initialState() { return "Open"; }
        @Override public Set<String> states() { return Set.of("Open"); }

        @Override
        public void onInbound(ConversationSession session, InboundMessage message, long messageId) {
            // what it was given, once the decision is committed (a decider also runs in its unit's dry run)
            session.afterCommit("seen", () -> seen.add(message.text()));
            var text = switch (message.text()) {
                case "say-deny" -> DENIED;
                case "say-rewrite" -> REWRITTEN;
                default -> "echo: " + message.text();
            };
            session.queueMessage("in:" + messageId, "reply", text);
        }
    }
}
