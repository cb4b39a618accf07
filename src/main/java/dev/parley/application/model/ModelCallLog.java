package dev.parley.application.model;

import java.util.List;

/**
 * Port: where every model call is recorded. Written outside the pipeline's transaction (a call that happened stays
 * recorded even when the work that asked for it is rolled back and retried).
 */
public interface ModelCallLog {

    /** Stores a call; returns its id. Must not throw for store trouble (a lost log row must not fail a reply). */
    long record(ModelCall call);

    /** The latest calls, newest first. */
    List<ModelCall> recent(int limit);

    /** The calls made for one conversation, oldest first. */
    List<ModelCall> ofConversation(long conversationId);

    /**
     * Files the calls made under a provisional conversation id (a first message's, prepared before its conversation
     * existed) under the conversation's id. Must not throw for store trouble.
     */
    void reassign(long provisionalConversationId, long conversationId);
}
