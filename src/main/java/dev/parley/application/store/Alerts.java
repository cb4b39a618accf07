package dev.parley.application.store;

import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.conversation.ConversationAlert;
import java.time.Instant;
import java.util.List;

/** Alerts raised on conversations, for operators to acknowledge and resolve. */
public interface Alerts {
    /** Raises an alert; {@code reasons} is JSON of why it fired, or null. */
    long raise(long conversationId, long contactId, Long messageId, AlertSeverity severity, List<String> categories,
               List<String> patternIds, String source, String reasons, Instant now);

    default long raise(long conversationId, long contactId, Long messageId, AlertSeverity severity,
                       List<String> categories, List<String> patternIds, String source, Instant now) {
        return raise(conversationId, contactId, messageId, severity, categories, patternIds, source, null, now);
    }

    List<ConversationAlert> ofConversation(long conversationId);

    List<ConversationAlert> open(int limit);

    /**
     * Moves the alert to {@code status} by {@code by} at {@code at}. ACKNOWLEDGED records who and when; RESOLVED
     * records who and when (and counts as the acknowledgement if there was none) with no note.
     */
    void setStatus(long id, String status, String by, Instant at);

    /** Resolves the alert with a note (as {@link #setStatus} with RESOLVED, keeping {@code note}). */
    void resolve(long id, String by, Instant at, String note);
}
