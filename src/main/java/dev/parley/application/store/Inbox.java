package dev.parley.application.store;

import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.InboxEntry;
import dev.parley.domain.message.InboxStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Raw receipts, unique per (channel, provider id). */
public interface Inbox {

    /** The stored row for this receipt; {@code duplicate} is true when it was already there. */
    record Receipt(long id, boolean duplicate) {
    }

    Receipt insertIfAbsent(InboundMessage message, String payload, Instant now);

    Optional<InboxEntry> find(long id);

    /**
     * The row as committed now, held by this transaction until it ends, when it is still RECEIVED and no other
     * transaction (of this or another Parley process) holds its conversation lane; empty otherwise (try it later).
     * Whoever processes a row or records its failure claims it first: that is what keeps a lane in order and a row
     * processed once when several processes share the store.
     */
    Optional<InboxEntry> claim(long id);

    /**
     * The oldest RECEIVED row of each conversation lane among the {@code window} oldest RECEIVED rows, oldest
     * first. A lane whose head lies beyond the window waits until older rows are done (arrival order is fair).
     */
    default List<InboxEntry> laneHeads(int window) {
        return laneHeadsInWindow(window).heads();
    }

    /**
     * {@link #laneHeads}, and whether the window was full: if it was not, it held every RECEIVED row, so no lane
     * has a waiting row beyond it and a walk of {@link #laneHeadsAfter} would find no other lane.
     */
    Window laneHeadsInWindow(int window);

    /** The lane heads within the arrival window; {@code full}: the window held {@code window} rows (maybe more wait). */
    record Window(List<InboxEntry> heads, boolean full) {
    }

    /**
     * Up to {@code lanes} lane heads (the oldest RECEIVED row of each lane) in lane order, (channel, conversation key),
     * after the lane {@code afterChannel}/{@code afterKey} (both null: from the first lane). One index seek per lane
     * however long its backlog: the worker walks all lanes with it, round by round, so that a lane beyond the
     * arrival window of {@link #laneHeads} still gets its turn (a conversation with a large backlog cannot starve
     * the others).
     */
    List<InboxEntry> laneHeadsAfter(String afterChannel, String afterKey, int lanes);

    List<InboxEntry> byStatus(InboxStatus status, int limit);

    void markProcessed(long id, Instant now);

    void markRetry(long id, int attempts, String error, Instant nextAttemptAt);

    void markFailed(long id, int attempts, String error, Instant now);

    /** Puts a FAILED row back in line; false when the row is not FAILED. */
    boolean requeue(long id, Instant now);

    Map<InboxStatus, Long> countByStatus();

    /**
     * When the pipeline next has work: the earliest time a lane head (the oldest RECEIVED row of a lane) may be
     * processed, now or after a retry backoff; empty when nothing is RECEIVED.
     */
    Optional<Instant> nextDueAt();

    /** Every receipt of one conversation lane, in arrival order (for exporting it as a replay file). */
    List<InboxEntry> ofLane(String channel, String conversationKey);

    /**
     * Our address the conversation's latest receipt was sent to (the number the contact texted; for Aircall the
     * number's id), or empty when no receipt names one: replies leave from it.
     */
    default Optional<String> lastRecipient(String channel, String conversationKey) {
        var lane = ofLane(channel, conversationKey);
        for (int i = lane.size() - 1; i >= 0; i--) {
            var to = lane.get(i).message().to();
            if (to != null && !to.isBlank()) return Optional.of(to);
        }
        return Optional.empty();
    }
}
