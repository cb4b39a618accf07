package dev.parley.domain.conversation;

import java.time.Instant;
import java.util.List;

/**
 * An alert raised on a conversation: CRITICAL stops automation and blocks the contact, WARNING (a learned head's
 * review tier) pauses automation without blocking, HIGH_VALUE only asks for attention. {@code reasons} is the
 * JSON of why it fired (patterns and words, model scores and thresholds), or null for alerts raised before it
 * was kept.
 */
public record ConversationAlert(long id, long conversationId, long contactId, Long messageId, String severity,
                                List<String> categories, List<String> patternIds, String source, String status,
                                Instant createdAt, String handledBy, Instant handledAt, String reasons) {
    public static final String CRITICAL = "CRITICAL";
    public static final String WARNING = "WARNING";
    public static final String HIGH_VALUE = "HIGH_VALUE";

    /** As above, without reasons. */
    public ConversationAlert(long id, long conversationId, long contactId, Long messageId, String severity,
                             List<String> categories, List<String> patternIds, String source, String status,
                             Instant createdAt, String handledBy, Instant handledAt) {
        this(id, conversationId, contactId, messageId, severity, categories, patternIds, source, status, createdAt,
                handledBy, handledAt, null);
    }

    public static final String OPEN = "OPEN";
    public static final String ACKNOWLEDGED = "ACKNOWLEDGED";
    public static final String RESOLVED = "RESOLVED";
}
