package dev.parley.domain.alert;

import java.util.List;
import java.util.Set;

/**
 * How an alert affects automation and which queue waits on it: the one severity vocabulary, from the pattern file
 * and the playbooks to the database column, the API's JSON, transcripts and the console. Its {@link #wire() wire}
 * word (the constant's name) is what is stored and written.
 *
 * <ul>
 * <li>{@link #CRITICAL} (seed 000 §3) moves the conversation to human review, blocks the person and suppresses any
 *     reply;</li>
 * <li>{@link #WARNING} (a detector's review tier) pauses automation without blocking: Human review too;</li>
 * <li>{@link #HIGH_VALUE} only raises a high-priority notification and automation continues: an opportunity,
 *     never Human review;</li>
 * <li>{@link #ESCALATION} (a question handed to a person) and {@link #SLA_BREACH} (its deadline passed) are
 *     answered in Escalations.</li>
 * </ul>
 */
public enum AlertSeverity {
    CRITICAL(3),
    WARNING(2),
    HIGH_VALUE(1),
    ESCALATION(2),
    SLA_BREACH(2);

    /** Severities that put a conversation in Human review, most urgent first (their index is the review tier). */
    public static final List<AlertSeverity> REVIEW = List.of(CRITICAL, WARNING);
    /** Severities answered in Escalations (never Human review, never an opportunity). */
    public static final List<AlertSeverity> ESCALATIONS = List.of(ESCALATION, SLA_BREACH);
    /** The severities a category of an alert pattern file may carry. */
    public static final Set<AlertSeverity> IN_PATTERN_FILES = Set.of(CRITICAL, HIGH_VALUE);

    private final int attention;

    AlertSeverity(int attention) {
        this.attention = attention;
    }

    /** The word stored in the database and written in JSON and transcripts. */
    public String wire() {
        return name();
    }

    /**
     * The severity a stored or received word names (exactly, as {@link #wire()} writes it).
     *
     * @throws IllegalArgumentException for any other word, null included
     */
    public static AlertSeverity fromWire(String word) {
        if (word != null) {
            for (AlertSeverity s : values()) {
                if (s.name().equals(word)) return s;
            }
        }
        throw new IllegalArgumentException("unknown alert severity: " + word);
    }

    /** How much attention an unresolved alert of this severity asks for: 3 critical, 2 warning/escalation, 1 other. */
    public int attention() {
        return attention;
    }

    /** Whether it waits in Human review (CRITICAL, WARNING). */
    public boolean review() {
        return REVIEW.contains(this);
    }

    /** Its Human review tier (0 most urgent), or -1 when it does not put a conversation in Human review. */
    public int reviewTier() {
        return REVIEW.indexOf(this);
    }

    /** Whether it is answered in Escalations (ESCALATION, SLA_BREACH). */
    public boolean escalation() {
        return ESCALATIONS.contains(this);
    }

    /** An opportunity: neither Human review nor Escalations (HIGH_VALUE). */
    public boolean informational() {
        return !review() && !escalation();
    }
}
