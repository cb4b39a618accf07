package dev.parley.domain.message;

import java.util.Locale;

/**
 * Why an inbound message is held back from automation (its stored status): SILENCED (the safety validator's SILENCE:
 * shown under Held &amp; filtered until an operator releases it) or DELAYED (its DELAY: released by a scheduled job
 * when the delay ends). A held message is stored and shown to operators, never to a playbook, a chat context, a
 * recall or a history.
 */
public enum InboundHold {
    SILENCED,
    DELAYED;

    /** The status a message is stored with while it is processed normally (and once it is released). */
    public static final String RECEIVED = "RECEIVED";

    /** Whether a message with stored {@code status} is hidden from automation. */
    public static boolean hides(String status) {
        return status != null && (status.equals(SILENCED.name()) || status.equals(DELAYED.name()));
    }

    public String status() {
        return name();
    }

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
