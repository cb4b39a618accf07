package dev.parley.application.chimein;

import dev.parley.domain.message.ChatRow;
import dev.parley.domain.message.ChatMeta;
import dev.parley.application.JsonDocuments;
import dev.parley.application.playbook.ConversationReads;
import dev.parley.domain.chimein.BotIdentity;
import dev.parley.domain.chimein.ChatMessage;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboundHold;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

/**
 * A group conversation's stored messages as context selection sees them: Parley's own replies are the bot's
 * messages; a parent Parley never stored comes from the child's {@code context_snapshot} (id -1).
 */
public final class ChatHistory {
    /** The id of a message known only from a snapshot (it was never stored). */
    public static final long SNAPSHOT_ID = -1;
    private static final int MAX_CHAIN = 10;

    private final ConversationReads reads;
    private final long conversationId;
    private final BotIdentity bot;

    public ChatHistory(ConversationReads reads, long conversationId, BotIdentity bot) {
        this.reads = reads;
        this.conversationId = conversationId;
        this.bot = bot;
    }

    public Optional<ChatMessage> message(long messageId) {
        return reads.chatMessage(messageId).map(this::toChat);
    }

    /** The last {@code limit} messages before message {@code messageId}, oldest first. */
    public List<ChatMessage> before(long messageId, int limit) {
        return reads.chatBefore(conversationId, messageId, limit).stream().map(this::toChat).toList();
    }

    public Optional<ChatMessage> byProviderId(String providerId) {
        return reads.chatByProviderId(conversationId, providerId).map(this::toChat);
    }

    /**
     * The message {@code child} replies to: stored, else its snapshot, else empty. A parent the safety validator holds
     * back (silenced or delayed) is not context: empty, and its snapshot is not used either.
     */
    public Optional<ChatMessage> parentOf(ChatMessage child) {
        if (child.replyTo() == null) return Optional.empty();
        var row = reads.chatByProviderId(conversationId, child.replyTo());
        if (row.isPresent()) {
            return InboundHold.hides(row.get().message().status()) ? Optional.empty() : row.map(this::toChat);
        }
        return reads.chatMessage(child.id()).map(ChatRow::meta)
                .map(ChatMeta::contextSnapshot).flatMap(ChatHistory::fromSnapshot);
    }

    /** The ancestors of {@code anchor} by reply link, nearest first (at most ten). */
    public List<ChatMessage> ancestors(ChatMessage anchor) {
        var out = new ArrayList<ChatMessage>();
        var seen = new HashSet<String>();
        var current = anchor;
        while (out.size() < MAX_CHAIN && current.replyTo() != null && seen.add(current.replyTo())) {
            var parent = current.id() == SNAPSHOT_ID ? Optional.<ChatMessage>empty() : parentOf(current);
            if (parent.isEmpty()) break;
            out.add(parent.get());
            current = parent.get();
        }
        return out;
    }

    ChatMessage toChat(ChatRow row) {
        var m = row.message();
        var at = m.sentAt() != null ? m.sentAt() : m.receivedAt() != null ? m.receivedAt() : Instant.EPOCH;
        var meta = row.meta();
        if (meta == null) {
            boolean ours = m.direction() == Direction.OUT;
            return new ChatMessage(m.id(), m.providerId(), ours ? bot.senderId() : "unknown", null, null, m.text(),
                    at, m.replyTo(), null, ours, List.of());
        }
        return new ChatMessage(m.id(), m.providerId(), meta.sender(), meta.senderHandle(), meta.senderName(),
                m.text(), at, m.replyTo(), meta.threadId(), meta.fromBot(), meta.mentions());
    }

    static Optional<ChatMessage> fromSnapshot(String json) {
        if (json == null) return Optional.empty();
        var doc = JsonDocuments.read(json);
        var providerId = (String) doc.get("provider_id");
        if (providerId == null) return Optional.empty();
        var sender = doc.get("sender") instanceof String s ? s : "unknown";
        var at = doc.get("sent_at") instanceof String s ? Instant.parse(s) : Instant.EPOCH;
        return Optional.of(new ChatMessage(SNAPSHOT_ID, providerId, sender, (String) doc.get("sender_handle"),
                (String) doc.get("sender_name"), (String) doc.get("text"), at, null, null,
                Boolean.TRUE.equals(doc.get("from_bot")), List.of()));
    }
}
