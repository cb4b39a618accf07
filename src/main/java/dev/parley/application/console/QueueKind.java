package dev.parley.application.console;

/** The operator's work queues. */
public enum QueueKind {
    /**
     * Conversations waiting for a human decision (state HumanReview, or an unresolved critical or review-tier alert),
     * most urgent first: critical, then review tier, then the rest (e.g. an unclear intent); longest waiting first.
     */
    HUMAN_REVIEW("Human review"),
    /** Questions a playbook escalated to an operator, and their breached deadlines (ESCALATION, SLA_BREACH). */
    ESCALATIONS("Escalations"),
    /**
     * Outbound messages HELD or DENIED, with their reason, and inbound messages the safety validator holds back
     * (SILENCED, DELAYED) until they are released.
     */
    HELD("Held & filtered"),
    /** Every conversation, most recently updated first. */
    ALL("All conversations"),
    /**
     * What did not go through: inbox rows that could not be processed, and outbox rows that were not delivered
     * (FAILED) or whose delivery is unknown (DELIVERY_UNKNOWN).
     */
    FAILED("Failed"),
    /** Unresolved informational alerts (HIGH_VALUE, …): worth a look, automation carries on. */
    OPPORTUNITIES("Opportunities");

    private final String title;

    QueueKind(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
