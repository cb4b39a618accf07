package dev.parley.adapter.memory;

import dev.parley.domain.message.ChatRow;
import dev.parley.domain.message.ChatMeta;
import dev.parley.application.store.ChatMessages;
import dev.parley.domain.message.InboundHold;
import dev.parley.domain.message.Message;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Group details kept under the message's id; reads walk the conversation's messages (replays are small). */
final class InMemoryChatMessages implements ChatMessages {
    private final Table<ChatMeta> table;
    private final InMemoryMessages messages;

    InMemoryChatMessages(UndoLog undo, InMemoryMessages messages) {
        this.messages = messages;
        table = new Table<>("chat_message", undo);
    }

    @Override
    public void put(long messageId, ChatMeta meta) {
        Objects.requireNonNull(meta.sender(), "sender");
        ForeignKeys.require(messages.table, messageId, "chat_messages.message_id");
        table.put(messageId, meta);
    }

    @Override
    public Optional<ChatRow> find(long messageId) {
        return messages.find(messageId).map(this::row);
    }

    @Override
    public List<ChatRow> before(long conversationId, long messageId, int limit) {
        var all = messages.ofConversation(conversationId).stream()
                .filter(m -> m.id() < messageId && !InboundHold.hides(m.status())).toList();
        return all.subList(Math.max(0, all.size() - limit), all.size()).stream().map(this::row).toList();
    }

    @Override
    public Optional<ChatRow> byProviderId(long conversationId, String providerId) {
        var all = messages.ofConversation(conversationId);
        for (int i = all.size() - 1; i >= 0; i--) {
            if (providerId.equals(all.get(i).providerId())) return Optional.of(row(all.get(i)));
        }
        return Optional.empty();
    }

    @Override
    public List<ChatRow> sentBetween(long conversationId, Instant from, Instant to, int limit) {
        var from_ = StoredTime.of(from);
        var to_ = StoredTime.of(to);
        var rows = new ArrayList<Message>();
        for (var m : messages.ofConversation(conversationId)) {
            if (m.sentAt() != null && !m.sentAt().isBefore(from_) && m.sentAt().isBefore(to_)) rows.add(m);
        }
        rows.sort(java.util.Comparator.comparing(Message::sentAt).thenComparingLong(Message::id));
        return rows.subList(0, Math.min(limit, rows.size())).stream().map(this::row).toList();
    }

    private ChatRow row(Message m) {
        return new ChatRow(m, table.get(m.id()));
    }

    /** Deletes the chat details of messages {@code messageIds}. */
    void forgetMessages(java.util.Collection<Long> messageIds) {
        for (long id : messageIds) table.delete(id);
    }
}
