package dev.parley.domain.buyer;

/**
 * Where a buyer's conversation is in seed 003's journey (the conversation's state). Phase is context for the
 * agents, never a gate: any valid action is allowed in any phase.
 */
public enum Phase {
    INTAKE, QUALIFYING, PRESENTING, PROPERTY_FOCUSED, AWAITING_ANSWER;

    /** The name as the seed spells it and as the playbook's state machine names the state. */
    public String stateName() {
        return name();
    }

    public static Phase of(String state) {
        return valueOf(state);
    }
}
