package dev.parley.application.escalation;

import dev.parley.domain.escalation.EscalationThread;
import java.time.Instant;
import java.util.List;

/**
 * An escalation as the Reply Tool and the console's Escalations queue show it: the thread, its property, the
 * buyer (masked number), the recent messages, and whether — and until when — it takes a reply.
 *
 * @param round how many replies the team has sent; a submission carries it, so a second submission of the same
 *              form is refused
 * @param replyUntil until when a reply is accepted (the expiry while pending, the follow-up window once answered)
 */
public record EscalationCase(EscalationThread thread, String propertyRef, String propertyName, String propertyCity,
                             String buyer, String conversationKey, long conversationId, String phase,
                             List<Line> recent, Acceptance acceptance, int round, Instant replyUntil) {

    /** One message of the conversation: {@code buyer} or {@code agent}, when, and what was said. */
    public record Line(String who, Instant at, String text) {
    }

    /** Whether a reply is accepted now. */
    public enum Acceptance { ANSWER, FOLLOW_UP, CLOSED, EXPIRED, OPTED_OUT }

    public EscalationCase {
        recent = List.copyOf(recent);
    }

    public boolean acceptsReply() {
        return acceptance == Acceptance.ANSWER || acceptance == Acceptance.FOLLOW_UP;
    }
}
