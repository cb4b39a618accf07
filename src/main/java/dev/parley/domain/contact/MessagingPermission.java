package dev.parley.domain.contact;

import dev.parley.domain.message.OutboxStatus;

/**
 * The one rule for "may this contact be messaged now": used when a message is queued, again when the outbox claims
 * it for sending, and by the console's reply checks. An opt-out stops everything, an operator's explicit message
 * included; a block or a paused automation holds automated messages but lets an operator's explicit message pass.
 */
public sealed interface MessagingPermission {

    String OPTED_OUT = "contact opted out";
    String AUTOMATION_PAUSED = "automation paused";

    /** The message may leave. */
    record Allowed() implements MessagingPermission {
        @Override
        public String reason() {
            return null;
        }

        @Override
        public OutboxStatus outboxStatus() {
            return OutboxStatus.PENDING;
        }
    }

    /** Not now: the message waits, visible with its reason, until an operator decides (block, paused automation). */
    record Held(String reason) implements MessagingPermission {
        @Override
        public OutboxStatus outboxStatus() {
            return OutboxStatus.HELD;
        }
    }

    /** Never: the contact opted out. */
    record Denied(String reason) implements MessagingPermission {
        @Override
        public OutboxStatus outboxStatus() {
            return OutboxStatus.DENIED;
        }
    }

    static MessagingPermission of(ContactStatus contact, boolean automationPaused, boolean operatorExplicit) {
        if (contact == ContactStatus.OPTED_OUT) {
            return new Denied(OPTED_OUT);
        }
        if (operatorExplicit) {
            return new Allowed();
        }
        if (contact != ContactStatus.ACTIVE) {
            return new Held("contact " + contact);
        }
        return automationPaused ? new Held(AUTOMATION_PAUSED) : new Allowed();
    }

    /** Why the message may not leave now; null when it may. */
    String reason();

    /** The status a message gets under this permission: PENDING, HELD or DENIED. */
    OutboxStatus outboxStatus();

    default boolean allowed() {
        return this instanceof Allowed;
    }
}
