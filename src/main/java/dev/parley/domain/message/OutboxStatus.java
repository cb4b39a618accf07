package dev.parley.domain.message;

/**
 * Lifecycle of an outgoing message: PENDING (waiting, or waiting for a retry) → SENDING (claimed; the request is
 * leaving) → SENT, FAILED (refused, or not sent after every retry) or DELIVERY_UNKNOWN (the request may have reached
 * the provider but no answer came: never re-sent automatically on a channel that is not idempotent; an operator
 * marks it sent or sends it again). HELD (block, pause, critical alert) and DENIED (opt-out) rows never left and
 * stay visible with their reason.
 */
public enum OutboxStatus {
    PENDING, SENDING, SENT, HELD, DENIED, FAILED, DELIVERY_UNKNOWN;

    /** Rows an operator resolves in the Failed queue: mark sent, or send again. */
    public boolean undelivered() {
        return this == FAILED || this == DELIVERY_UNKNOWN;
    }
}
