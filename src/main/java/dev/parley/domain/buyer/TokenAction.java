package dev.parley.domain.buyer;

import java.util.Locale;

/** What a one-time signup link is for (seed 003's SmsSignupToken.action). */
public enum TokenAction {
    GUARANTEE, AGREEMENT, ONBOARDING;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static TokenAction fromWire(String value) {
        return valueOf(value.strip().toUpperCase(Locale.ROOT));
    }
}
