package dev.parley.application.console;

import java.util.List;

/** Orders a queue can be read in, each an index scan over the whole store (never a sort of the loaded rows). */
public enum QueueSort {
    /** Human review: critical, then review tier, then the rest; within a tier the longest waiting first. */
    URGENCY,
    /** Newest first: last activity for conversations, creation for alerts, held messages and failed rows. */
    NEWEST,
    /** Oldest first (by age). */
    OLDEST,
    /** Most severe unresolved alert first (critical, warning, informational, none), then newest activity. */
    SEVERITY;

    /** The orders {@code kind} offers; the first is its default. */
    public static List<QueueSort> of(QueueKind kind) {
        return switch (kind) {
            case HUMAN_REVIEW -> List.of(URGENCY);
            case ALL -> List.of(NEWEST, OLDEST, SEVERITY);
            default -> List.of(NEWEST, OLDEST);
        };
    }

    public static QueueSort defaultOf(QueueKind kind) {
        return of(kind).getFirst();
    }

    /** How the order reads in the queue's sort box. */
    public String label(QueueKind kind) {
        boolean conversations = kind == QueueKind.ALL;
        return switch (this) {
            case URGENCY -> "Most urgent first";
            case NEWEST -> conversations ? "Latest activity first" : "Newest first";
            case OLDEST -> conversations ? "Oldest activity first" : "Oldest first";
            case SEVERITY -> "Most severe alert first";
        };
    }
}
