package dev.parley.application.playbook.assistant;

import dev.parley.application.playbook.MessageEmbeddings;
import dev.parley.application.playbook.ConversationModel;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.assistant.Redactor;
import java.time.ZoneId;

/**
 * What a tool may use: the conversation's session, the model, the redactor, the time zone, the current message and
 * its redacted text, and the stored message embeddings when semantic recall is on (null when off).
 */
public record ToolContext(ConversationSession session, ConversationModel model, Redactor redactor, ZoneId zone,
                          long currentMessageId, String query, MessageEmbeddings embeddings) {
}
