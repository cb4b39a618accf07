package dev.parley.domain.chimein;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The people of a chat, by every name they can be addressed with (sender id, handle, display name), and who a
 * message addresses: {@code name:} or {@code name,} at its start, {@code @name} anywhere, the channel's own mentions,
 * and the author of the message it replies to.
 */
public final class Participants {
    /** {@code nick: text} / {@code nick, text} / {@code @nick: text}: a leading name followed by ':' or ','. */
    private static final Pattern LEADING = Pattern.compile("^\\s*@?([^\\s:,]{1,64})\\s*[:,]");
    private static final Pattern AT = Pattern.compile("(?<![\\w@])@([^\\s,:;!?()\\[\\]{}'\"]{1,64})");

    private final Map<String, String> senderByName = new HashMap<>();

    private Participants() {
    }

    /** Everyone who wrote one of {@code messages}, plus the bot under each of its names. */
    public static Participants of(Iterable<ChatMessage> messages, BotIdentity bot) {
        var p = new Participants();
        if (bot != null) {
            p.senderByName.put(key(bot.senderId()), bot.senderId());
            for (var name : bot.names()) p.senderByName.put(name, bot.senderId());
        }
        for (var m : messages) p.add(m);
        return p;
    }

    public void add(ChatMessage m) {
        senderByName.putIfAbsent(key(m.sender()), m.sender());
        if (m.senderHandle() != null) senderByName.putIfAbsent(key(m.senderHandle()), m.sender());
        if (m.senderName() != null && !m.senderName().isBlank() && !m.senderName().contains(" ")) {
            senderByName.putIfAbsent(key(m.senderName()), m.sender());
        }
    }

    /** The sender addressed by {@code name} (with or without '@'), if someone is called that. */
    public Optional<String> sender(String name) {
        if (name == null) return Optional.empty();
        var n = name.startsWith("@") ? name.substring(1) : name;
        var found = senderByName.get(key(n));
        if (found == null && n.endsWith(".")) found = senderByName.get(key(n.substring(0, n.length() - 1)));
        return Optional.ofNullable(found);
    }

    /**
     * The senders {@code m} addresses, other than its own sender, in the order found: the leading name, the
     * author of its parent ({@code parentOf}), channel mentions, then {@code @names} in the text.
     */
    public Set<String> addressedBy(ChatMessage m, Function<String, Optional<ChatMessage>> parentOf) {
        var out = new LinkedHashSet<String>();
        var leading = LEADING.matcher(m.text());
        if (leading.find()) sender(leading.group(1)).ifPresent(out::add);
        if (m.replyTo() != null && parentOf != null) parentOf.apply(m.replyTo()).ifPresent(p -> out.add(p.sender()));
        for (var mention : m.mentions()) sender(mention).ifPresent(out::add);
        var at = AT.matcher(m.text());
        while (at.find()) sender(at.group(1)).ifPresent(out::add);
        out.remove(m.sender());
        return out;
    }

    /** Whether the text names someone as its addressee ({@code nick:}, {@code nick,} or {@code @nick}). */
    public boolean addressesSomeone(ChatMessage m) {
        return !addressedBy(m, null).isEmpty();
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
