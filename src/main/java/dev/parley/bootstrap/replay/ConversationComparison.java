package dev.parley.bootstrap.replay;

import dev.parley.application.operator.FindConversations;
import dev.parley.application.playbook.Playbook;
import dev.parley.application.replay.ConversationOutcome;
import dev.parley.domain.conversation.ConversationTask;
import dev.parley.bootstrap.ParleyApp;
import java.nio.file.Path;
import java.util.List;

/**
 * Re-runs a stored conversation through today's pipeline in an isolated store and compares the outcome with the
 * stored one: state, alerts, outgoing messages, tasks.
 */
public final class ConversationComparison {
    /** Both outcomes and where they differ. */
    public record Result(ConversationOutcome stored, ConversationOutcome replayed, List<String> differences) {
    }

    private ConversationComparison() {
    }

    public static Result compare(ParleyApp store, long conversationId, Path configDir, List<Playbook> extraPlaybooks,
                                 ReplayStore replayStore) {
        return compare(store, conversationId, configDir, extraPlaybooks, replayStore, ReplayModel.OFFLINE);
    }

    /** As above, with {@code model} answering in the re-run. */
    public static Result compare(ParleyApp store, long conversationId, Path configDir, List<Playbook> extraPlaybooks,
                                 ReplayStore replayStore, ReplayModel model) {
        var events = ConversationExport.export(store, conversationId);
        var stored = outcome(store.find.detail(conversationId));
        var conversation = stored.conversation();
        var channel = store.find.detail(conversationId).conversation().channel();
        ConversationOutcome replayed;
        try (var session = ReplaySession.open(events.getFirst().at(), configDir, extraPlaybooks, line -> { },
                replayStore, model)) {
            session.applyAll(events);
            replayed = session.conversationId(channel, conversation)
                    .map(id -> outcome(session.app().find.detail(id)))
                    .orElseGet(() -> new ConversationOutcome(conversation, "(not created)", List.of(), List.of(),
                            List.of()));
        }
        return new Result(stored, replayed, ConversationOutcome.differences(stored, replayed));
    }

    static ConversationOutcome outcome(FindConversations.Detail detail) {
        return new ConversationOutcome(detail.conversation().key(), detail.conversation().state(),
                detail.alerts().stream().map(a -> new ConversationOutcome.Alert(a.severity(), a.categories()))
                        .toList(),
                detail.outbox().stream().map(o -> new ConversationOutcome.Outbound(o.text(), o.status().name()))
                        .toList(),
                detail.tasks().stream().map(ConversationTask::text).toList());
    }
}
