package dev.parley.domain.chimein;

import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Decides whether a group message is addressed to the bot. On Telegram only the entities count (they carry the
 * bot's exact username or user id); elsewhere {@code @<bot name>} in the text, case-insensitive, standing as a
 * word. On every channel a reply to one of the bot's own messages is a mention, and a message from a bot never is
 * (two bots must not talk to each other forever).
 */
public final class MentionRule {
    private final boolean entitiesOnly;

    private MentionRule(boolean entitiesOnly) {
        this.entitiesOnly = entitiesOnly;
    }

    /** Telegram: {@code mention} / {@code text_mention} entities and replies to the bot. */
    public static MentionRule telegram() {
        return new MentionRule(true);
    }

    /** Channels without entities (the generic webhook's {@code chat}, replay files): {@code @name} in the text. */
    public static MentionRule text() {
        return new MentionRule(false);
    }

    public Optional<Mention> of(ChatMessage m, BotIdentity bot, boolean privateChat,
                                Function<String, Optional<ChatMessage>> parentOf) {
        if (m.fromBot()) return Optional.empty();
        if (privateChat) return Optional.of(Mention.PRIVATE_CHAT);
        if (entitiesOnly) {
            for (var mention : m.mentions()) {
                var name = mention.startsWith("@") ? mention.substring(1) : mention;
                if (bot.isCalled(name) || bot.senderId().equals(name)) return Optional.of(Mention.ENTITY);
            }
        } else {
            for (var name : bot.names()) {
                if (namePattern(name).matcher(m.text()).find()) return Optional.of(Mention.NAME_IN_TEXT);
            }
        }
        if (m.replyTo() != null && parentOf != null
                && parentOf.apply(m.replyTo()).filter(bot::wrote).isPresent()) {
            return Optional.of(Mention.REPLY_TO_BOT);
        }
        return Optional.empty();
    }

    /** {@code @name} not inside a longer handle or an e-mail address. */
    private static Pattern namePattern(String name) {
        return Pattern.compile("(?<![\\w@.])@" + Pattern.quote(name) + "(?![\\w-])",
                Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }
}
