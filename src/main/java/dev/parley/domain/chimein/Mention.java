package dev.parley.domain.chimein;

/** Why a message is addressed to the bot (the bot answers only these). */
public enum Mention {
    /** {@code @name} of the bot in the text (channels other than Telegram; case-insensitive). */
    NAME_IN_TEXT("@name in the text"),
    /** A Telegram {@code mention} entity of the bot's username or {@code text_mention} of the bot user. */
    ENTITY("mention entity"),
    /** A reply to one of the bot's own messages. */
    REPLY_TO_BOT("reply to the bot"),
    /** A private chat with the bot: every message is addressed to it. */
    PRIVATE_CHAT("private chat");

    private final String label;

    Mention(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
