package dev.parley.bootstrap;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.model.ModelConcurrency;
import dev.parley.application.store.Transactions;
import dev.parley.domain.conversation.TimelineEvent;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A model call that waits for its turn ({@code model.max_concurrency}) is shown: a {@code model_queued} event on its
 * conversation's timeline (in a transaction of its own: the call waits in Prepare, outside any), and a
 * {@link PipelineEvent.ModelTurn} for the console's status bar, as is the end of the wait.
 */
final class ModelTurns implements Consumer<ModelConcurrency.Turn> {
    /** The timeline event's type. */
    static final String QUEUED = "model_queued";

    private final Transactions transactions;
    private final Clock clock;
    private final PipelineEvents events;

    ModelTurns(Transactions transactions, Clock clock, PipelineEvents events) {
        this.transactions = transactions;
        this.clock = clock;
        this.events = events;
    }

    @Override
    public void accept(ModelConcurrency.Turn turn) {
        long conversation = turn.conversationId() == null ? 0 : turn.conversationId();
        if (turn.waiting() && conversation > 0) {
            transactions.run(store -> store.timeline().append(conversation, QUEUED, null, null, null,
                    JsonDocuments.write(Map.of("task", turn.task(), "queued", turn.queued())),
                    TimelineEvent.SYSTEM_ACTOR, clock.instant()));
        }
        events.publish(List.of(new PipelineEvent.ModelTurn(conversation, turn.task(), turn.queued())));
    }
}
