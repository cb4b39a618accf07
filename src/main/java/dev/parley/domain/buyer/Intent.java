package dev.parley.domain.buyer;

import java.util.Locale;

/** The Criteria Agent's eight intents (seed 003). */
public enum Intent {
    NEW_SEARCH, REFINE_SEARCH, FACILITY_INFO, TOUR_REQUEST, COMMITMENT, PROVIDE_INFO, GREETING, UNKNOWN;

    /** As the agent's JSON spells it: {@code new_search}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Intent fromWire(String value) {
        return valueOf(value.strip().toUpperCase(Locale.ROOT));
    }
}
