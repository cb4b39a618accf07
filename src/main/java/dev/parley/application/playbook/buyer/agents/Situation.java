package dev.parley.application.playbook.buyer.agents;

/**
 * What a reply has to do, for the Response Agent and its fallback template (seed 003's fallback keys where one
 * exists).
 */
public enum Situation {
    FIRST_MESSAGE("greeting"), GREETING("greeting"), GREETING_AGAIN("greeting"), THANKS("default"), ACK_SEARCH("search_with_results"),
    ASK_CRITERIA("search_no_results"), RESULTS("search_with_results"), NO_RESULTS("search_no_results"),
    REFINE_ACK("refine_search"), PROPERTY_SUMMARY("facility_info"), FACILITY_ANSWER("facility_info"),
    CLARIFY_PROPERTY("facility_info"), ESCALATION_WAIT("escalation_wait"), SLA_NUDGE("escalation_wait"),
    ESCALATION_ANSWER("facility_info"), ESCALATION_FOLLOWUP("facility_info"), TOUR_REQUEST("tour_scheduling"),
    COMMITMENT_HANDOFF("commitment"), INFO_THANKS("default"), UNKNOWN("default"),
    /** Part 2: the template named by the value {@code template} (the journey's fixed wording, editable). */
    COLLECT_INFO("commitment"), GUARANTEE_LINK("commitment"), TOUR_UPDATE("tour_scheduling"), NOTICE("default"),
    NUDGE("default");

    /** The value naming the template of the journey's situations (COLLECT_INFO … NUDGE). */
    public static final String TEMPLATE = "template";

    private final String fallback;

    Situation(String fallback) {
        this.fallback = fallback;
    }

    /** The seed's fallback template key ({@code fallback_<key>} in the playbook's templates). */
    public String fallbackKey() {
        return fallback;
    }
}
