package dev.parley.application.model;

import java.util.List;

/** A call log that keeps nothing (offline tools and unit tests). */
final class DiscardingCallLog implements ModelCallLog {
    @Override
    public long record(ModelCall call) {
        return 0;
    }

    @Override
    public List<ModelCall> recent(int limit) {
        return List.of();
    }

    @Override
    public List<ModelCall> ofConversation(long conversationId) {
        return List.of();
    }

    @Override
    public void reassign(long provisionalConversationId, long conversationId) {
        // nothing is kept to file
    }
}
