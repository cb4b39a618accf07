package dev.parley.domain.escalation;

import java.util.Locale;

/** An escalation thread's status as seed 003 spells it: pending, answered, expired. */
public enum EscalationStatus {
    PENDING, ANSWERED, EXPIRED;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static EscalationStatus fromWire(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
