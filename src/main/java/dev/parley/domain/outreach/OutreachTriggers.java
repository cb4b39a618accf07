package dev.parley.domain.outreach;

/** Trigger names used by {@code playbooks/outreach.json}; the caller fires them. */
public final class OutreachTriggers {

    /** Our initial message went out. */
    public static final String MESSAGE_SENT = "message_sent";
    /** A reply arrived and was classified (context: intent). */
    public static final String MESSAGE_RECEIVED = "message_received";
    /** Timer: the optional single follow-up is due (context: follow-up setting). */
    public static final String FOLLOW_UP_DUE = "follow_up_due";
    /** Timer: 30 days without reply. */
    public static final String TIMEOUT = "timeout";
    /** Fired right after entering ProductiveEngagement (context: extraction of the reply). */
    public static final String DATA_CHECK = "data_check";
    /** Fired when the queued extraction ran (context: success flag). */
    public static final String EXTRACT = "extract";
    /** Fired right after entering ExtractionComplete (context: follow-up plan). */
    public static final String DECIDE = "decide";
    /** Safety guard matched (seed 000 section 3): from any non-terminal state. */
    public static final String CRITICAL_ALERT = "critical_alert";
    /** A learned head reached its review threshold and nothing critical fired: from any non-terminal state. */
    public static final String REVIEW_ALERT = "review_alert";
    /** Operator actions on a conversation in HumanReview. */
    public static final String OPERATOR_RESUME = "operator_resume";
    public static final String OPERATOR_CONCLUDE = "operator_conclude";
    public static final String OPERATOR_DESIST = "operator_desist";

    private OutreachTriggers() {
    }
}
