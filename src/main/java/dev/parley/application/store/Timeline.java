package dev.parley.application.store;

import dev.parley.domain.conversation.TimelineEvent;
import java.time.Instant;
import java.util.List;

/** The append-only timeline of each conversation. */
public interface Timeline {
    void append(long conversationId, String type, String fromState, String toState, String trigger,
                String detailJson, String actor, Instant at);

    List<TimelineEvent> ofConversation(long conversationId);
}
