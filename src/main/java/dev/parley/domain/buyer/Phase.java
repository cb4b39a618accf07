package dev.parley.domain.buyer;

import java.util.Set;

/**
 * Where a buyer's conversation is in seed 003's journey (the conversation's state). Phase is context for the
 * agents, never a gate: any valid action is allowed in any phase.
 */
public enum Phase {
    INTAKE, QUALIFYING, PRESENTING, PROPERTY_FOCUSED, AWAITING_ANSWER, COLLECTING_INFO, COMMITMENT, GUARANTEE_PENDING,
    TOUR_SCHEDULING, ACTIVE, COMPLETED, DORMANT, ABANDONED;

    /** Phases in which nothing proactive is sent any more (no nudge, no hold warning). */
    public static final Set<Phase> SILENT = Set.of(COMPLETED, DORMANT, ABANDONED);

    /** The name as the seed spells it and as the playbook's state machine names the state. */
    public String stateName() {
        return name();
    }

    public static Phase of(String state) {
        return valueOf(state);
    }

    /** The journey's order, for the dashboard's funnel: how far a conversation got. */
    public static java.util.List<Phase> funnel() {
        return java.util.List.of(INTAKE, QUALIFYING, PRESENTING, PROPERTY_FOCUSED, AWAITING_ANSWER, COLLECTING_INFO,
                COMMITMENT, GUARANTEE_PENDING, TOUR_SCHEDULING, ACTIVE, COMPLETED, DORMANT, ABANDONED);
    }
}
