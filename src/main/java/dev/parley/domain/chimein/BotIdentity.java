package dev.parley.domain.chimein;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Who the bot is in one channel: the sender id its own messages carry and the names people tag it with (without
 * {@code @}, compared case-insensitively). On Telegram both come from {@code getMe}; elsewhere the id and the one
 * name are {@code chimein.bot_name}.
 */
public record BotIdentity(String senderId, Set<String> names) {

    public BotIdentity {
        Objects.requireNonNull(senderId, "senderId");
        var lower = new LinkedHashSet<String>();
        for (var n : names) if (n != null && !n.isBlank()) lower.add(n.toLowerCase(Locale.ROOT));
        names = Set.copyOf(lower);
    }

    /** The bot of a channel without accounts: its id and its one name are {@code name}. */
    public static BotIdentity named(String name) {
        return new BotIdentity(name, Set.of(name));
    }

    public boolean isCalled(String name) {
        return name != null && names.contains(name.toLowerCase(Locale.ROOT));
    }

    public boolean wrote(ChatMessage message) {
        return message.fromBot() && senderId.equals(message.sender());
    }
}
