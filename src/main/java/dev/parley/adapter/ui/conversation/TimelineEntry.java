package dev.parley.adapter.ui.conversation;

import java.time.Instant;

/** One line of the conversation timeline; {@code kind} picks its style (message-in, transition, alert, …). */
public record TimelineEntry(Instant at, String kind, String title, String text, String who) {
}
