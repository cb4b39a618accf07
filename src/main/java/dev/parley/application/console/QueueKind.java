package dev.parley.application.console;

/** The operator's work queues, in navigation order. */
public enum QueueKind {
    /** Open critical alerts, then review-tier warnings, then high-value notifications. */
    HUMAN_REVIEW("Human review"),
    /** Questions a playbook escalated to an operator (open alerts of severity ESCALATION). */
    ESCALATIONS("Escalations"),
    /** Outbound messages HELD or DENIED, with their reason. */
    HELD("Held & filtered"),
    /** Every conversation, most recently updated first. */
    ALL("All conversations"),
    /**
     * What did not go through: inbox rows that could not be processed, and outbox rows that were not delivered
     * (FAILED) or whose delivery is unknown (DELIVERY_UNKNOWN).
     */
    FAILED("Failed");

    private final String title;

    QueueKind(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
