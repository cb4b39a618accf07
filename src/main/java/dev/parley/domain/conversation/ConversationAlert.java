package dev.parley.domain.conversation;

import dev.parley.domain.alert.AlertSeverity;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * An alert raised on a conversation, of an {@link AlertSeverity}: CRITICAL stops automation and blocks the contact,
 * WARNING (a learned head's review tier) pauses automation without blocking, HIGH_VALUE only asks for attention,
 * ESCALATION and SLA_BREACH wait in Escalations. {@code reasons} is the
 * JSON of why it fired (patterns and words, model scores and thresholds), or null for alerts raised before it
 * was kept. Its lifecycle is new ({@link #OPEN}) → {@link #ACKNOWLEDGED} (who, when) → {@link #RESOLVED} (who,
 * when, note); {@code handledBy} and {@code handledAt} are the last change, {@code handling} keeps each step.
 */
public record ConversationAlert(long id, long conversationId, long contactId, Long messageId, AlertSeverity severity,
                                List<String> categories, List<String> patternIds, String source, String status,
                                Instant createdAt, String handledBy, Instant handledAt, String reasons,
                                Handling handling) {
    public static final String OPEN = "OPEN";
    public static final String ACKNOWLEDGED = "ACKNOWLEDGED";
    public static final String RESOLVED = "RESOLVED";

    /** Who acknowledged and resolved the alert, when, and the resolution note; each null until it happens. */
    public record Handling(String acknowledgedBy, Instant acknowledgedAt, String resolvedBy, Instant resolvedAt,
                           String resolutionNote) {
        public static final Handling NONE = new Handling(null, null, null, null, null);
    }

    /** As above, without reasons and not yet handled. */
    public ConversationAlert(long id, long conversationId, long contactId, Long messageId, AlertSeverity severity,
                             List<String> categories, List<String> patternIds, String source, String status,
                             Instant createdAt, String handledBy, Instant handledAt) {
        this(id, conversationId, contactId, messageId, severity, categories, patternIds, source, status, createdAt,
                handledBy, handledAt, null, Handling.NONE);
    }

    /** As above, with reasons, not yet handled. */
    public ConversationAlert(long id, long conversationId, long contactId, Long messageId, AlertSeverity severity,
                             List<String> categories, List<String> patternIds, String source, String status,
                             Instant createdAt, String handledBy, Instant handledAt, String reasons) {
        this(id, conversationId, contactId, messageId, severity, categories, patternIds, source, status, createdAt,
                handledBy, handledAt, reasons, Handling.NONE);
    }

    /** As above, handled, without reasons. */
    public ConversationAlert(long id, long conversationId, long contactId, Long messageId, AlertSeverity severity,
                             List<String> categories, List<String> patternIds, String source, String status,
                             Instant createdAt, String handledBy, Instant handledAt, Handling handling) {
        this(id, conversationId, contactId, messageId, severity, categories, patternIds, source, status, createdAt,
                handledBy, handledAt, null, handling);
    }

    public ConversationAlert {
        java.util.Objects.requireNonNull(severity, "severity");
        if (handling == null) handling = Handling.NONE;
    }

    public boolean resolved() {
        return RESOLVED.equals(status);
    }

    /** From raised to the first human acknowledgement (a resolve counts as one), or empty while nobody has. */
    public java.util.Optional<Duration> timeToAcknowledge() {
        var at = handling.acknowledgedAt();
        return at == null || createdAt == null ? java.util.Optional.empty()
                : java.util.Optional.of(Duration.between(createdAt, at));
    }
}
