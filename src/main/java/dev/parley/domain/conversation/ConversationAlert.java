package dev.parley.domain.conversation;

import java.time.Instant;
import java.util.List;

/** An alert raised on a conversation: CRITICAL stops automation, HIGH_VALUE only asks for attention. */
public record ConversationAlert(long id, long conversationId, long contactId, Long messageId, String severity,
                                List<String> categories, List<String> patternIds, String source, String status,
                                Instant createdAt, String handledBy, Instant handledAt) {
    public static final String OPEN = "OPEN";
    public static final String ACKNOWLEDGED = "ACKNOWLEDGED";
    public static final String RESOLVED = "RESOLVED";
}
