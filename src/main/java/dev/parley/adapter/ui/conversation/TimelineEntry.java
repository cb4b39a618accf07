package dev.parley.adapter.ui.conversation;

import java.time.Instant;

/**
 * One line of the conversation timeline; {@code kind} picks its style (message-in, transition, alert, assistant, …).
 * {@code details} (may be null) is shown collapsed under the line (an assistant's plan, a tool's arguments and
 * result); {@code media} (may be null) is a sound file the line can play (a spoken reply).
 */
public record TimelineEntry(Instant at, String kind, String title, String text, String who, String details,
                            String media) {
    public TimelineEntry(Instant at, String kind, String title, String text, String who) {
        this(at, kind, title, text, who, null, null);
    }
}
