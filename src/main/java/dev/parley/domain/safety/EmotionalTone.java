package dev.parley.domain.safety;

/** The tone of {@code safe_output}: neutral (passed), protective (filtered), supportive (crisis). */
public enum EmotionalTone {
    NEUTRAL("neutral"),
    PROTECTIVE("protective"),
    SUPPORTIVE("supportive");

    private final String wire;

    EmotionalTone(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
