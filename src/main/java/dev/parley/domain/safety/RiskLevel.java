package dev.parley.domain.safety;

/**
 * A category's risk level against its threshold t (score s): NONE (s = 0), LOW (0 < s < t), MEDIUM (t ≤ s < 2t),
 * HIGH (2t ≤ s < 3t), CRITICAL (s ≥ 3t). {@link #wire()} is the word used in {@code urgency_level}.
 */
public enum RiskLevel {
    NONE("none"),
    LOW("low"),
    MEDIUM("medium"),
    HIGH("high"),
    CRITICAL("critical");

    private final String wire;

    RiskLevel(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** The level of {@code score} against {@code threshold} (threshold ≥ 1). */
    public static RiskLevel of(double score, int threshold) {
        if (score <= 0) return NONE;
        if (score < threshold) return LOW;
        if (score < 2.0 * threshold) return MEDIUM;
        if (score < 3.0 * threshold) return HIGH;
        return CRITICAL;
    }

    /** One level up, CRITICAL staying CRITICAL and NONE staying NONE. */
    public RiskLevel raised() {
        return this == NONE || this == CRITICAL ? this : values()[ordinal() + 1];
    }

    public boolean atLeast(RiskLevel other) {
        return compareTo(other) >= 0;
    }

    public static RiskLevel max(RiskLevel a, RiskLevel b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** The level for a wire word, or null. */
    public static RiskLevel fromWire(String wire) {
        for (RiskLevel l : values()) {
            if (l.wire.equals(wire)) return l;
        }
        return null;
    }
}
