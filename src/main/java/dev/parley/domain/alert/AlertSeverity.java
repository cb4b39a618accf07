package dev.parley.domain.alert;

/**
 * How an alert affects automation (seed 000 §3).
 *
 * <p>{@link #CRITICAL} moves the conversation to human review, blocks the person and suppresses any
 * reply; {@link #HIGH_VALUE} only raises a high-priority notification and automation continues.
 */
public enum AlertSeverity {
    CRITICAL,
    HIGH_VALUE
}
