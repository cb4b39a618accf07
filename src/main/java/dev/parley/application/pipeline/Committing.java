package dev.parley.application.pipeline;

import dev.parley.application.PipelineEvent;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.stage.StoreBackend;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The Commit stage of one unit of work: the backend every session of the unit stands on (the transaction; slow calls
 * recalled only), the instant the unit decides at (Prepare's, so that both runs decide alike), and the events to
 * publish once it has committed.
 */
public final class Committing {
    private final StoreBackend backend;
    private final Instant now;
    private final List<PipelineEvent> events = new ArrayList<>();
    private boolean wakeOutbox;
    private final boolean reusesPreparedCalls;

    Committing(StoreBackend backend, Instant now, boolean reusesPreparedCalls) {
        this.backend = backend;
        this.now = now;
        this.reusesPreparedCalls = reusesPreparedCalls;
    }

    /**
     * Whether this decision reuses answers Prepare made (model calls, vectors, tool calls). Only then does a change to
     * the conversation since the snapshot matter: a decision that reuses nothing is made on the locked, current rows.
     */
    public boolean reusesPreparedCalls() {
        return reusesPreparedCalls;
    }

    public StoreBackend backend() {
        return backend;
    }

    public Instant now() {
        return now;
    }

    /** Wakes the outbox after the commit (a message was queued that no published event names). */
    public void wakeOutbox() {
        wakeOutbox = true;
    }

    boolean wakesOutbox() {
        return wakeOutbox;
    }

    /** Publishes {@code event} after the commit. */
    public void publish(PipelineEvent event) {
        events.add(event);
    }

    /** Publishes what {@code session} decided, after the commit. */
    public void publish(ConversationSession session) {
        events.addAll(session.events());
    }

    List<PipelineEvent> events() {
        return events;
    }
}
