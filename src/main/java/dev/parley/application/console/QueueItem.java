package dev.parley.application.console;

import java.time.Instant;
import java.util.List;

/**
 * One row of a queue. {@code id} is the row's own id in the table {@code source} names (alert, outbox row,
 * conversation or inbox row: the Failed queue holds inbox rows and outbox rows); {@code conversationId} is 0 when a
 * failed inbox row never became a conversation. {@code preview} and {@code contact} are raw: the console masks them
 * before showing them.
 */
public record QueueItem(QueueKind kind, long id, long conversationId, Instant since, String contact, String channel,
                        String playbook, String state, List<String> categories, String preview, String status,
                        Source source) {

    /** The table an item's id belongs to. */
    public enum Source {
        ALERT, OUTBOX, CONVERSATION, INBOX;

        /** The target type recorded in the audit log for this source. */
        public String auditTarget() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** The keyset position after this item. */
    public QueueCursor cursor() {
        return new QueueCursor(since, id, kind == QueueKind.HUMAN_REVIEW ? severityRank(status) : 0);
    }

    /** Human review's order: CRITICAL (0) before WARNING (1, a learned head's review tier) before HIGH_VALUE (2). */
    public static int severityRank(String severity) {
        return switch (severity == null ? "" : severity) {
            case "CRITICAL" -> 0;
            case "WARNING" -> 1;
            default -> 2;
        };
    }
}
