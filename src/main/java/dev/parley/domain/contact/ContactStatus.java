package dev.parley.domain.contact;

/** Whether automation may message a contact. Only ACTIVE contacts receive automated messages. */
public enum ContactStatus {
    ACTIVE, BLOCKED, OPTED_OUT;

    public boolean mayReceiveAutomatedMessages() {
        return this == ACTIVE;
    }
}
