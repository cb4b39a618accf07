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
                        int rank, String why, boolean opportunity) {

    public QueueItem(QueueKind kind, long id, long conversationId, Instant since, String contact, String channel,
                     String playbook, String state, List<String> categories, String preview, String status) {
        this(kind, id, conversationId, since, contact, channel, playbook, state, categories, preview, status, 0, null,
                false);
    }

    /** The keyset position after this item. */
    public QueueCursor cursor() {
        return new QueueCursor(rank, since, id);
    }

    public QueueItem withWhy(String why, boolean opportunity) {
        return new QueueItem(kind, id, conversationId, since, contact, channel, playbook, state, categories, preview,
                status, rank, why, opportunity);
    }
}
