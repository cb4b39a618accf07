package dev.parley.adapter.cli.context;

import java.time.Instant;

/**
 * One line of an IRC log; its 0-based line number is its id (the annotations name lines by number).
 *
 * @param kind   what the line is
 * @param author the nick (messages, actions and notices), else null
 * @param at     when it was said (system lines carry the time of the line before)
 */
public record IrcLine(int index, Kind kind, String author, String text, Instant at) {

    public enum Kind {
        /** {@code [HH:MM] <nick> text}. */
        MESSAGE,
        /** {@code [HH:MM]  * nick text} ({@code /me}). */
        ACTION,
        /** {@code [HH:MM:SS] -nick- text}: a bot's notice (the 2023 logs' eval bots and the like). */
        NOTICE,
        /** {@code === nick joined}, a blank line, anything without a speaker. */
        SYSTEM
    }

    /** Said by someone: messages, actions and notices are context; system lines are not. */
    public boolean spoken() {
        return kind != Kind.SYSTEM;
    }
}
