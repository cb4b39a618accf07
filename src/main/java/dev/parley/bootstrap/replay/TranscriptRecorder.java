package dev.parley.bootstrap.replay;

import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.replay.TranscriptLine;
import dev.parley.application.store.Transactions;
import dev.parley.domain.message.OutboxStatus;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Turns committed pipeline events into transcript lines, at the virtual time they were published. A failure is
 * kept, not swallowed, so the session can stop the replay instead of writing an incomplete transcript.
 */
final class TranscriptRecorder implements PipelineEvents {
    private final Transactions transactions;
    private final Clock clock;
    private final Consumer<TranscriptLine> sink;
    // Keys and addresses never change once created, so each is read from the store once.
    private final Map<Long, String> keys = new HashMap<>();
    private final Map<Long, String> addresses = new HashMap<>();
    private RuntimeException failure;

    TranscriptRecorder(Transactions transactions, Clock clock, Consumer<TranscriptLine> sink) {
        this.transactions = transactions;
        this.clock = clock;
        this.sink = sink;
    }

    @Override
    public void publish(List<PipelineEvent> events) {
        try {
            var now = clock.instant();
            for (var event : events) {
                switch (event) {
                    case PipelineEvent.StateChanged s -> sink.accept(TranscriptLine.transition(now,
                            key(s.conversationId()), s.from(), s.to(), s.trigger(), s.guard(), s.reason()));
                    case PipelineEvent.OutboxChanged o when !o.status().equals(OutboxStatus.PENDING.name()) ->
                            outbound(now, o);
                    case PipelineEvent.AlertRaised a -> sink.accept(TranscriptLine.alert(now, key(a.conversationId()),
                            a.severity(), a.categories()));
                    case PipelineEvent.SafetyDecided d -> sink.accept(TranscriptLine.decision(now,
                            key(d.conversationId()), d.direction(), d.decision(), d.riskCategories(),
                            d.enforcementReason(), d.traceId()));
                    case PipelineEvent.TaskCreated t -> sink.accept(TranscriptLine.task(now,
                            key(t.conversationId()), t.text()));
                    case PipelineEvent.EscalationChanged e -> sink.accept(TranscriptLine.escalation(now,
                            key(e.conversationId()), e.property(), e.status()));
                    case PipelineEvent.ContextSelected c -> sink.accept(TranscriptLine.context(now,
                            key(c.conversationId()), c.selected(), c.strategy()));
                    case PipelineEvent.PlanMade p -> sink.accept(TranscriptLine.plan(now, key(p.conversationId()),
                            p.steps(), p.valid()));
                    case PipelineEvent.ToolCalled t -> sink.accept(TranscriptLine.tool(now, key(t.conversationId()),
                            t.tool(), t.outcome()));
                    default -> {
                    }
                }
            }
        } catch (RuntimeException e) {
            if (failure == null) failure = e;
        }
    }

    private void outbound(java.time.Instant now, PipelineEvent.OutboxChanged changed) {
        var row = transactions.inTransaction(s -> {
            var entry = s.outbox().find(changed.outboxId()).orElseThrow();
            addresses.computeIfAbsent(entry.contactId(), id -> s.contacts().find(id).orElseThrow().address());
            keys.computeIfAbsent(entry.conversationId(),
                    id -> s.conversations().find(id).orElseThrow().key());
            return entry;
        });
        var reason = changed.status().equals(OutboxStatus.SENT.name()) ? null : row.reason();
        sink.accept(TranscriptLine.outbound(now, keys.get(row.conversationId()), addresses.get(row.contactId()),
                row.text(), changed.status(), reason));
    }

    /** Adds a line that is not caused by a pipeline event (a refused operator action). */
    void publishLine(TranscriptLine line) {
        sink.accept(line);
    }

    /** The conversation key of a conversation id. */
    String key(long conversationId) {
        return keys.computeIfAbsent(conversationId, id -> transactions.inTransaction(
                s -> s.conversations().find(id).orElseThrow().key()));
    }

    /** Throws the first failure since the last call, if any. */
    void rethrow() {
        if (failure != null) {
            var f = failure;
            failure = null;
            throw new IllegalStateException("transcript could not be recorded", f);
        }
    }
}
