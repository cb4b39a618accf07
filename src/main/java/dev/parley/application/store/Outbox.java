package dev.parley.application.store;

import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Outgoing messages; one row per (cause, purpose), so a reply is created at most once. */
public interface Outbox {

    /** The new row, or empty when a row for (cause, purpose) already exists. */
    Optional<OutboxEntry> enqueue(long conversationId, long contactId, String cause, String purpose, String text,
                                  OutboxStatus status, String reason, boolean operatorExplicit, String actor,
                                  Instant now);

    Optional<OutboxEntry> find(long id);

    /** The row as committed in the database now, not as this transaction first read it (use after a lock). */
    Optional<OutboxEntry> reload(long id);

    List<OutboxEntry> due(Instant now, int limit);

    void markSent(long id, String providerId, Instant now);

    void mark(long id, OutboxStatus status, String reason);

    void markRetry(long id, int attempts, String reason, Instant nextAttemptAt);

    /** Holds every PENDING row of a contact; returns the rows it held (now HELD), in id order. */
    List<OutboxEntry> holdPendingOfContact(long contactId, String reason);

    List<OutboxEntry> ofConversation(long conversationId);

    List<OutboxEntry> byStatus(OutboxStatus status, int limit);

    Map<OutboxStatus, Long> countByStatus();

    Optional<Instant> nextDueAt();
}
