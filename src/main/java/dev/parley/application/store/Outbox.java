package dev.parley.application.store;

import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Outgoing messages; one row per (cause, purpose), so a reply is created at most once. */
public interface Outbox {

    /**
     * The new row, or empty when a row for (cause, purpose) already exists. {@code replyTo} is the provider's id of
     * the message it answers, or null.
     */
    Optional<OutboxEntry> enqueue(long conversationId, long contactId, String cause, String purpose, String text,
                                  String replyTo, OutboxStatus status, String reason, boolean operatorExplicit,
                                  String actor, Instant now);

    /** As above, answering no message in particular. */
    default Optional<OutboxEntry> enqueue(long conversationId, long contactId, String cause, String purpose,
                                          String text, OutboxStatus status, String reason, boolean operatorExplicit,
                                          String actor, Instant now) {
        return enqueue(conversationId, contactId, cause, purpose, text, null, status, reason, operatorExplicit, actor,
                now);
    }

    Optional<OutboxEntry> find(long id);

    /** The row as committed in the database now, not as this transaction first read it (use after a lock). */
    Optional<OutboxEntry> reload(long id);

    /** PENDING rows due at {@code now}, oldest first. */
    List<OutboxEntry> due(Instant now, int limit);

    /**
     * Whether the conversation has a row older than {@code id} that must leave first (messages leave in order): one
     * SENDING, or PENDING and either due at {@code now} or already tried (a retry keeps its place). A message
     * scheduled for later and never tried yet (a proactive message held by quiet hours) does not hold back the
     * messages due now.
     */
    boolean hasEarlierUnsent(long conversationId, long id, Instant now);

    /** PENDING → SENDING: one more attempt, claimed at {@code now}; returns the claimed row. */
    OutboxEntry claim(long id, Instant now);

    /**
     * Every SENDING row that no other running process is sending (after a crash: rows whose outcome was never
     * recorded). On a store several processes share, a row claimed by another process is left out unless that process
     * is gone: it stopped, or the store has not seen it run for a while up to {@code now} (a process whose connection
     * dropped for a moment still runs, and may still be sending; docs/team.md).
     */
    List<OutboxEntry> sending(Instant now);

    void markSent(long id, String providerId, Instant now);

    void mark(long id, OutboxStatus status, String reason);

    /** Replaces the text of a row not yet sent (the safety validator's soft rewrite of an automated message). */
    void rewrite(long id, String text);

    /** Back to PENDING, due at {@code nextAttemptAt}, with {@code attempts} and the last failure's reason. */
    void markRetry(long id, int attempts, String reason, Instant nextAttemptAt);

    /** An operator sends a FAILED or DELIVERY_UNKNOWN row again: PENDING, attempts reset, due now. */
    void requeue(long id, Instant now);

    /** Holds every PENDING row of a contact; returns the rows it held (now HELD), in id order. */
    List<OutboxEntry> holdPendingOfContact(long contactId, String reason);

    List<OutboxEntry> ofConversation(long conversationId);

    List<OutboxEntry> byStatus(OutboxStatus status, int limit);

    Map<OutboxStatus, Long> countByStatus();

    Optional<Instant> nextDueAt();
}
