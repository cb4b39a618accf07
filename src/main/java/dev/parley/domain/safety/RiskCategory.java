package dev.parley.domain.safety;

/** The seed's seven signal categories, with their names in {@code safety.json} and the standard JSON. */
public enum RiskCategory {
    EMOTIONAL_MANIPULATION("emotional_manipulation"),
    URGENCY_ABUSE("urgency_abuse"),
    HARASSMENT("harassment"),
    FINANCIAL_SCAM("financial_scam"),
    SELF_HARM_TRIGGERS("self_harm_triggers"),
    SPAM_ESCALATION("spam_escalation"),
    INFORMATION_OVERLOAD("information_overload");

    private final String wire;

    RiskCategory(String wire) {
        this.wire = wire;
    }

    /** The category's name in {@code safety.json} and in {@code risk_categories}. */
    public String wire() {
        return wire;
    }

    /** The category named {@code wire}, or null. */
    public static RiskCategory fromWire(String wire) {
        for (RiskCategory c : values()) {
            if (c.wire.equals(wire)) return c;
        }
        return null;
    }
}
