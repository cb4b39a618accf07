package dev.parley.application.chimein;

import dev.parley.application.JsonDocuments;
import dev.parley.application.playbook.ConversationReads;
import dev.parley.domain.message.ChatMeta;
import dev.parley.domain.message.InboundMessage;
import java.util.LinkedHashMap;

/**
 * What a group message carries besides its text (sender, is_bot, thread, mentions), stored with the message. When it
 * replies to a message Parley never stored (sent before Parley joined the group), the channel's copy of that parent
 * is kept with it as its {@code context_snapshot}.
 */
public final class GroupMessages {
    private GroupMessages() {
    }

    /** The group details of {@code m} as they are stored with it ({@code m.chat()} must not be null). */
    public static ChatMeta meta(ConversationReads reads, long conversationId, InboundMessage m) {
        var chat = m.chat();
        String snapshot = null;
        if (m.replyTo() != null && chat.parent() != null
                && reads.chatByProviderId(conversationId, m.replyTo()).isEmpty()) {
            snapshot = snapshotJson(chat.parent());
        }
        return new ChatMeta(m.from(), chat.senderHandle(), m.senderName(), chat.senderIsBot(), chat.threadId(),
                chat.mentions(), snapshot);
    }

    static String snapshotJson(dev.parley.domain.message.ChatDetails.Parent p) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("provider_id", p.providerId());
        if (p.sender() != null) doc.put("sender", p.sender());
        if (p.senderName() != null) doc.put("sender_name", p.senderName());
        if (p.senderHandle() != null) doc.put("sender_handle", p.senderHandle());
        doc.put("from_bot", p.fromBot());
        doc.put("text", p.text() == null ? "" : p.text());
        if (p.sentAt() != null) doc.put("sent_at", p.sentAt().toString());
        return JsonDocuments.write(doc);
    }
}
