package dev.parley.domain.safety;

import dev.parley.domain.message.Direction;

/**
 * The words of the seed's threshold matrix, and the decision mapping from each to a decision per direction
 * (ADR 0010): Allow and Monitor pass (Monitor only records); Rewrite and Summarize give the safe text
 * (SUMMARIZE inbound, SOFT_REWRITE outbound); Delay and Batch hold an inbound message (DELAY) and rewrite an
 * outbound one, as the seed's "medium → SOFT_REWRITE"; Silence and Block hide an inbound message (SILENCE, kept
 * under Held &amp; filtered) and deny an outbound one; Escalate is ESCALATE inbound, HARD_DENY outbound.
 */
public enum MatrixAction {
    ALLOW(SafetyDecision.DELIVER, SafetyDecision.ALLOW),
    MONITOR(SafetyDecision.DELIVER, SafetyDecision.ALLOW),
    REWRITE(SafetyDecision.SUMMARIZE, SafetyDecision.SOFT_REWRITE),
    SUMMARIZE(SafetyDecision.SUMMARIZE, SafetyDecision.SOFT_REWRITE),
    DELAY(SafetyDecision.DELAY, SafetyDecision.SOFT_REWRITE),
    BATCH(SafetyDecision.DELAY, SafetyDecision.SOFT_REWRITE),
    SILENCE(SafetyDecision.SILENCE, SafetyDecision.HARD_DENY),
    BLOCK(SafetyDecision.SILENCE, SafetyDecision.HARD_DENY),
    ESCALATE(SafetyDecision.ESCALATE, SafetyDecision.HARD_DENY);

    private final SafetyDecision inbound;
    private final SafetyDecision outbound;

    MatrixAction(SafetyDecision inbound, SafetyDecision outbound) {
        this.inbound = inbound;
        this.outbound = outbound;
    }

    /** The decision this action maps to for {@code direction}. */
    public SafetyDecision decision(Direction direction) {
        return direction == Direction.IN ? inbound : outbound;
    }
}
