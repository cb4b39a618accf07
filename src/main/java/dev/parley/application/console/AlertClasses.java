package dev.parley.application.console;

import java.util.List;

/**
 * Which queue an alert's severity belongs to, in one place: CRITICAL and WARNING (a detector's review tier) wait in
 * Human review, ESCALATION and SLA_BREACH in Escalations, and every other severity (HIGH_VALUE and any informational
 * one a playbook raises) is an opportunity: its own view and a badge on the conversation, never Human review.
 */
public final class AlertClasses {
    public static final String CRITICAL = "CRITICAL";
    public static final String WARNING = "WARNING";
    public static final String HIGH_VALUE = "HIGH_VALUE";
    /** Severities that put a conversation in Human review, most urgent first (their index is the review tier). */
    public static final List<String> REVIEW = List.of(CRITICAL, WARNING);
    /** Severities answered in Escalations (never Human review, never an opportunity). */
    public static final List<String> ESCALATION = List.of("ESCALATION", "SLA_BREACH");
    /**
     * The severity Escalations counts and lists: one per escalated question. Its breached deadline (SLA_BREACH) is
     * shown on the same case in the Escalations view (overdue), so it is not counted a second time.
     */
    public static final String ESCALATED_QUESTION = "ESCALATION";
    /** Review tier of a conversation in state HumanReview with no critical or review-tier alert (unclear intent). */
    public static final int TIER_UNCLEAR = 2;
    /** The playbook state that means "waiting for a human decision". */
    public static final String HUMAN_REVIEW_STATE = "HumanReview";

    private AlertClasses() {
    }

    /** How much attention an unresolved alert of {@code severity} asks for: 3 critical, 2 warning/escalation, 1 other. */
    public static int attention(String severity) {
        if (CRITICAL.equals(severity)) return 3;
        if (WARNING.equals(severity) || ESCALATION.contains(severity)) return 2;
        return 1;
    }

    public static boolean informational(String severity) {
        return !REVIEW.contains(severity) && !ESCALATION.contains(severity);
    }
}
