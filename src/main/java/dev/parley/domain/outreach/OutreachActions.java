package dev.parley.domain.outreach;

import java.util.Set;

/**
 * Action names {@code playbooks/outreach.json} may name; the caller (pipeline) executes them.
 * Named after seed 000 section 2.2.
 */
public final class OutreachActions {

    /** Log {@code INITIAL_OUTREACH}. */
    public static final String LOG_INITIAL_OUTREACH = "log_initial_outreach";
    /** Tell the operator something needs their attention (productive reply, human review). */
    public static final String NOTIFY_USER = "notify_user";
    /** Update status to {@code DESIST}: hard stop, never contact again. */
    public static final String SET_STATUS_DESIST = "set_status_desist";
    public static final String ARCHIVE_CONVERSATION = "archive_conversation";
    public static final String QUEUE_FOR_EXTRACTION = "queue_for_extraction";
    /** Send the {@code general_reply} template. */
    public static final String GENERATE_REPLY = "generate_reply";
    /** Store {@code TodoTasks.from(extraction)}. */
    public static final String CREATE_TODO_TASKS = "create_todo_tasks";
    /**
     * Send a follow-up: the composed {@link FollowUpPlan} after {@code decide}, the
     * {@code timeout_follow_up} template after {@code follow_up_due}.
     */
    public static final String GENERATE_FOLLOW_UP = "generate_follow_up";
    /** Send the {@code thank_you} template. */
    public static final String SEND_THANK_YOU = "send_thank_you";
    /** Send the {@code decline_thanks} template: a declined outreach ends with a courteous thank-you. */
    public static final String SEND_DECLINE_THANKS = "send_decline_thanks";
    /** Seed 000 section 3.4: status HUMAN_REVIEW, lock the person, log ERROR, do not reply. */
    public static final String STOP_ALL_AUTOMATION = "stop_all_automation";
    /**
     * A learned head's review tier (seed 000's "ambiguous situation requiring manual intervention"): a WARNING
     * alert, automation paused for the conversation, the person not locked, no reply.
     */
    public static final String PAUSE_FOR_REVIEW = "pause_for_review";
    /** Operator unblocked a conversation in HumanReview: lift the person lock. */
    public static final String RESUME_AUTOMATION = "resume_automation";

    /** Every outreach action, for {@code StateMachine.of}. */
    public static final Set<String> ALL = Set.of(LOG_INITIAL_OUTREACH, NOTIFY_USER, SET_STATUS_DESIST,
            ARCHIVE_CONVERSATION, QUEUE_FOR_EXTRACTION, GENERATE_REPLY, CREATE_TODO_TASKS, GENERATE_FOLLOW_UP,
            SEND_THANK_YOU, SEND_DECLINE_THANKS, STOP_ALL_AUTOMATION, PAUSE_FOR_REVIEW, RESUME_AUTOMATION);

    private OutreachActions() {
    }
}
