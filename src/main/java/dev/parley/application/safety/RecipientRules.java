package dev.parley.application.safety;

/**
 * Which of the seed's behavioural rules protect the recipient of one message (ADR 0012). The content rules (levels 1
 * and 4) apply to every message; the time and frequency rules (levels 2 and 3) protect a person from being notified:
 * <ul>
 *   <li>{@link #PERSONAL}: the user of a personal inbox (the {@code guardian} playbook) receiving a message, or a
 *   contact receiving a proactive message (one that answers nothing they just wrote): every rule, as the seed says;</li>
 *   <li>{@link #TEAM}: a team inbox receiving a message (automation and operators read it, nobody is woken): no
 *   quiet hours, no frequency limits;</li>
 *   <li>{@link #REPLY}: a contact receiving the answer to what they wrote (they spoke last), or an operator's message
 *   (a person deciding to write now): not a notification, so no quiet hours and no frequency limits either.</li>
 * </ul>
 */
public enum RecipientRules {
    PERSONAL,
    TEAM,
    REPLY;

    /** Whether quiet hours and the frequency limits apply. */
    public boolean notifies() {
        return this == PERSONAL;
    }
}
