package dev.parley.application.playbook.assistant;

import dev.parley.application.model.ChatMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Port: the assistant's short-term dialogue memory (seed 001 step 3): the sanitised exchanges of a conversation,
 * of which the reply engine reads the last five minutes. Holds redacted user text only.
 */
public interface DialogueMemory {

    /** One exchange: the (redacted) user text and the (sanitised) reply, at a time. */
    record Turn(Instant at, String user, String assistant) {
    }

    /** The turns of a conversation at or after {@code since}, oldest first. */
    List<Turn> recent(long conversationId, Instant since);

    /** Adds a turn; the engine ignores a failure here (seed 001 step 10). */
    void add(long conversationId, Turn turn);

    /** The turns as a model sees them: each user text, then its reply. */
    static List<ChatMessage> asMessages(List<Turn> turns) {
        var messages = new ArrayList<ChatMessage>();
        for (var turn : turns) {
            messages.add(ChatMessage.user(turn.user()));
            messages.add(ChatMessage.assistant(turn.assistant()));
        }
        return messages;
    }
}
