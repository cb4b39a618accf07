package dev.parley.application.pipeline;

import dev.parley.application.stage.SnapshotBackend;
import dev.parley.application.store.Store;
import dev.parley.domain.conversation.Conversation;
import java.util.Optional;

/**
 * The conversation a unit of work prepared on, and the Commit stage's check that it is unchanged: the row is locked
 * first (on H2 that takes the store's one writer; on PostgreSQL the row's lock), then its version compared with the
 * one Prepare read.
 */
public final class PreparedConversation {
    private final long id;
    private Optional<Conversation> prepared = Optional.empty();

    public PreparedConversation(long id) {
        this.id = id;
    }

    /** Prepare: reads the conversation from the snapshot (empty when there is none). */
    public Optional<Conversation> read(SnapshotBackend snapshot) {
        prepared = snapshot.conversation(id);
        return prepared;
    }

    /**
     * Commit: the conversation, locked, when it is as Prepare read it (or when the decision reuses nothing Prepare
     * made, so that what it read then does not matter); empty when it is gone and was gone then.
     *
     * @throws UnitOfWork.ConversationChanged when it changed, appeared or went since
     */
    public Optional<Conversation> lockUnchanged(Store store, Committing committing) {
        var now = store.conversations().find(id).map(c -> store.conversations().lock(c.id()));
        if (!committing.reusesPreparedCalls()) return now;
        boolean same = now.isEmpty() ? prepared.isEmpty()
                : prepared.isPresent() && prepared.get().version() == now.get().version();
        if (!same) throw new UnitOfWork.ConversationChanged("conversation " + id + " changed since it was prepared");
        return now;
    }
}
