package dev.parley.application.chimein;

import dev.parley.application.playbook.ConversationReads;
import dev.parley.domain.chimein.BotIdentity;
import java.util.LinkedHashSet;

/**
 * Who the bot is on a channel. A channel that learnt the bot's account (Telegram's {@code getMe}, kept in the
 * store as {@code bot_id} and {@code bot_username}) uses it; every other channel, and Telegram before its first
 * {@code getMe}, knows the bot as {@code chimein.bot_name}.
 */
public final class BotIdentities {
    public static final String BOT_ID = "bot_id";
    public static final String BOT_USERNAME = "bot_username";

    private final String botName;

    public BotIdentities(String botName) {
        this.botName = botName;
    }

    public String botName() {
        return botName;
    }

    public BotIdentity of(ConversationReads reads, String channel) {
        var id = reads.channelState(channel, BOT_ID);
        if (id.isEmpty()) return BotIdentity.named(botName);
        var names = new LinkedHashSet<String>();
        reads.channelState(channel, BOT_USERNAME).ifPresent(names::add);
        names.add(botName);
        return new BotIdentity(id.get(), names);
    }
}
