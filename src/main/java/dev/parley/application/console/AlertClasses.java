package dev.parley.application.console;

/**
 * The queues' rules beside the alert severities (which queue a severity belongs to is
 * {@link dev.parley.domain.alert.AlertSeverity}'s): CRITICAL and WARNING wait in Human review, ESCALATION and
 * SLA_BREACH in Escalations (which counts and lists ESCALATION, one per escalated question: its breached deadline is
 * shown on the same case as overdue, not counted a second time), and HIGH_VALUE is an opportunity.
 */
public final class AlertClasses {
    /** Review tier of a conversation in state HumanReview with no critical or review-tier alert (unclear intent). */
    public static final int TIER_UNCLEAR = 2;
    /** The playbook state that means "waiting for a human decision". */
    public static final String HUMAN_REVIEW_STATE = "HumanReview";

    private AlertClasses() {
    }
}
