package dev.parley.application.replay;

import java.time.Instant;
import java.util.Map;

/**
 * One line of a replay file (docs/replay.md): something that happens to the pipeline at a virtual time.
 * {@code line} is the 1-based line number in the file it was read from (0 when generated).
 */
public sealed interface ReplayEvent {
    Instant at();

    int line();

    /** The {@code type} as written in a replay file. */
    String type();

    /** A message arrives through the generic webhook. */
    record Inbound(Instant at, int line, String id, String channel, String conversation, String from, String to,
                   String text, String replyTo, String playbook, String senderName) implements ReplayEvent {
        @Override
        public String type() {
            return "inbound";
        }
    }

    /** An operator starts a conversation with {@code to}; its conversation key is {@code to}. */
    record Start(Instant at, int line, String playbook, String channel, String to, String text, String actor)
            implements ReplayEvent {
        @Override
        public String type() {
            return "start";
        }
    }

    /** An operator replies by hand; {@code channel} is only needed when the key exists on two channels. */
    record OperatorReply(Instant at, int line, String conversation, String channel, String text, String actor)
            implements ReplayEvent {
        @Override
        public String type() {
            return "operator_reply";
        }
    }

    /** An operator lets automation continue in {@code resumeState}. */
    record Unblock(Instant at, int line, String conversation, String channel, String resumeState, String note,
                   String actor) implements ReplayEvent {
        @Override
        public String type() {
            return "unblock";
        }
    }

    /** An external event for the conversation's playbook ({@code guarantee_signed}, {@code tour_confirmed}, …). */
    record External(Instant at, int line, String conversation, String channel, String name,
                    Map<String, Object> data, String actor) implements ReplayEvent {
        @Override
        public String type() {
            return "event";
        }
    }

    /** Only moves the clock, firing whatever falls due. */
    record Advance(Instant at, int line) implements ReplayEvent {
        @Override
        public String type() {
            return "advance";
        }
    }
}
