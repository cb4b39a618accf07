package dev.parley.application.store;

import dev.parley.domain.conversation.Conversation;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Conversations, unique per (channel, key). */
public interface Conversations {
    Optional<Conversation> find(long id);

    Optional<Conversation> findByKey(String channel, String key);

    /**
     * The conversation as committed now, its row locked until this transaction ends: another transaction that writes
     * it waits instead of making this one fail its version check at commit. For work that has lost a race on the
     * conversation already ({@link RetryOnConflict.Attempt}). Fails when there is no such conversation.
     */
    Conversation lock(long id);

    Conversation create(String channel, String key, String playbook, String state, long contactId, Instant now);

    void setState(long id, String state, Instant now);

    void setAutomation(long id, boolean paused, String criticalAlertTags, Instant now);

    /**
     * The conversation was active at {@code now}: its update time, and always a new version (even at the same
     * instant), so a unit of work prepared on the old version prepares again (docs/decisions/0021-pipeline-stages.md).
     */
    void touch(long id, Instant now);

    /** A page of conversations, most recently updated first; {@code cursor} comes from the previous page. */
    List<Conversation> search(ConversationQuery query);

    long count();
}
