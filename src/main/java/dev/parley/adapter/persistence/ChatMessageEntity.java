package dev.parley.adapter.persistence;

import dev.parley.domain.message.ChatRow;
import dev.parley.domain.message.ChatMeta;
import dev.parley.application.store.ChatMessages;
import jakarta.persistence.*;

@Entity
@Table(name = "chat_messages")
class ChatMessageEntity {
    @Id @Column(name = "message_id") Long messageId;
    @Column(nullable = false) String sender;
    @Column(name = "sender_handle") String senderHandle;
    @Column(name = "sender_name") String senderName;
    @Column(name = "is_bot", nullable = false) boolean bot;
    @Column(name = "thread_id") String threadId;
    @Column(length = 262_144) String mentions;
    @Column(name = "context_snapshot", length = 262_144) String contextSnapshot;

    void set(ChatMeta meta) {
        sender = meta.sender();
        senderHandle = meta.senderHandle();
        senderName = meta.senderName();
        bot = meta.fromBot();
        threadId = meta.threadId();
        mentions = meta.mentions().isEmpty() ? null : JsonColumns.write(meta.mentions());
        contextSnapshot = meta.contextSnapshot();
    }

    ChatMeta toDomain() {
        return new ChatMeta(sender, senderHandle, senderName, bot, threadId, JsonColumns.read(mentions),
                contextSnapshot);
    }
}
