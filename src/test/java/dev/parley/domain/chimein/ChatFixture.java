package dev.parley.domain.chimein;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Builds a chat history for tests: messages with ids 1, 2, 3 … and provider ids "m1", "m2" …. */
public final class ChatFixture {
    public static final Instant NOW = Instant.parse("2026-03-10T18:00:00Z");
    private final List<ChatMessage> messages = new ArrayList<>();

    public ChatMessage say(String sender, Duration ago, String text) {
        return add(sender, ago, text, null, false);
    }

    public ChatMessage reply(String sender, Duration ago, String text, ChatMessage parent) {
        return add(sender, ago, text, parent.providerId(), false);
    }

    public ChatMessage bot(String botId, Duration ago, String text, ChatMessage parent) {
        return add(botId, ago, text, parent == null ? null : parent.providerId(), true);
    }

    private ChatMessage add(String sender, Duration ago, String text, String replyTo, boolean fromBot) {
        long id = messages.size() + 1;
        var m = ChatMessage.of(id, "m" + id, sender, text, NOW.minus(ago), replyTo, fromBot);
        messages.add(m);
        return m;
    }

    /** Every message said so far except {@code trigger}, oldest first. */
    public List<ChatMessage> before(ChatMessage trigger) {
        return messages.stream().filter(m -> m.id() < trigger.id()).toList();
    }

    public List<ChatMessage> all() {
        return List.copyOf(messages);
    }
}
