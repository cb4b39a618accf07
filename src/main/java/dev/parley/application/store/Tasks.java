package dev.parley.application.store;

import dev.parley.domain.conversation.ConversationTask;
import java.time.Instant;
import java.util.List;

/** To-do tasks created from conversations (for example research leads extracted from a reply). */
public interface Tasks {
    long add(long conversationId, Long messageId, String text, String kind, Instant now);

    List<ConversationTask> ofConversation(long conversationId);

    void setStatus(long id, String status);
}
