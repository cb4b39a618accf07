package dev.parley.domain.buyer;

import java.util.Locale;

/** The Criteria Agent's eight actions (seed 003): what the orchestrator does with the message. */
public enum PlanAction {
    SEARCH, LOOKUP, RESPOND, CLARIFY, ASK_OWNER, SCHEDULE_TOUR, COMMITMENT_HANDOFF, COLLECT_INFO;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static PlanAction fromWire(String value) {
        return valueOf(value.strip().toUpperCase(Locale.ROOT));
    }
}
