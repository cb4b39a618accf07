package dev.parley.application.console;

import java.time.Instant;
import java.util.List;

/**
 * One row of a queue. {@code id} is the row's own id (conversation, alert, outbox row or inbox row);
 * {@code conversationId} is 0 when a failed inbox row never became a conversation. {@code preview} and
 * {@code contact} are raw: the console masks them before showing them. {@code since} is what the queue orders by
 * (waiting since in Human review, last activity in All conversations, creation elsewhere); {@code rank} its leading
 * sort key (see {@link QueueCursor}). {@code why} says in words why the row is there (Human review), and
 * {@code opportunity} that the conversation has an unresolved informational alert (a badge).
 */
public record QueueItem(QueueKind kind, long id, long conversationId, Instant since, String contact, String channel,
                        String playbook, String state, List<String> categories, String preview, String status,
                        int rank, String why, boolean opportunity, Source source) {

    /** The table an item's id belongs to. */
    public enum Source {
        ALERT, OUTBOX, CONVERSATION, INBOX,
        /** An inbound message the safety validator holds back (Held &amp; filtered). */
        MESSAGE;

        /** The target type recorded in the audit log for this source. */
        public String auditTarget() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /**
         * Where the rows of {@code kind} come from (Failed: inbox rows; Held: outbox rows; the other rows of those
         * two queues say so themselves).
         */
        public static Source of(QueueKind kind) {
            return switch (kind) {
                case HUMAN_REVIEW, ALL -> CONVERSATION;
                case ESCALATIONS, OPPORTUNITIES -> ALERT;
                case HELD -> OUTBOX;
                case FAILED -> INBOX;
            };
        }
    }

    public QueueItem(QueueKind kind, long id, long conversationId, Instant since, String contact, String channel,
                     String playbook, String state, List<String> categories, String preview, String status) {
        this(kind, id, conversationId, since, contact, channel, playbook, state, categories, preview, status, 0, null,
                false, Source.of(kind));
    }

    public QueueItem(QueueKind kind, long id, long conversationId, Instant since, String contact, String channel,
                     String playbook, String state, List<String> categories, String preview, String status,
                     Source source) {
        this(kind, id, conversationId, since, contact, channel, playbook, state, categories, preview, status, 0, null,
                false, source);
    }

    public QueueItem(QueueKind kind, long id, long conversationId, Instant since, String contact, String channel,
                     String playbook, String state, List<String> categories, String preview, String status,
                     int rank, String why, boolean opportunity) {
        this(kind, id, conversationId, since, contact, channel, playbook, state, categories, preview, status, rank,
                why, opportunity, Source.of(kind));
    }

    /** The keyset position after this item. */
    public QueueCursor cursor() {
        return new QueueCursor(rank, since, id);
    }

    public QueueItem withWhy(String why, boolean opportunity) {
        return new QueueItem(kind, id, conversationId, since, contact, channel, playbook, state, categories, preview,
                status, rank, why, opportunity, source);
    }
}
