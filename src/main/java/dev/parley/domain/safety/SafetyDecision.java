package dev.parley.domain.safety;

import dev.parley.domain.message.Direction;

/**
 * The seed's decisions. Outbound: ALLOW, SOFT_REWRITE, DEFER, HARD_DENY; inbound: DELIVER, SUMMARIZE, DELAY, SILENCE,
 * ESCALATE. {@link #wire()} is the word in the standard JSON; the seed has none for DELIVER, so Parley uses
 * {@code deliver} (ADR 0010). {@link #restrictiveness()} orders the decisions of one direction, for "threshold
 * conflicts → the most restrictive".
 * <p>
 * DEFER is the seed's time rule ("delay_or_block") for an outbound message: quiet hours at the recipient hold it until
 * they end (issue 35; it was denied before). Its wire word is the seed's {@code delay}; a deferred message is checked
 * again when it is due, so content that must be rewritten or denied is, then.
 */
public enum SafetyDecision {
    ALLOW(Direction.OUT, "allow", 0),
    SOFT_REWRITE(Direction.OUT, "rewrite", 1),
    DEFER(Direction.OUT, "delay", 2),
    HARD_DENY(Direction.OUT, "deny", 3),
    DELIVER(Direction.IN, "deliver", 0),
    DELAY(Direction.IN, "delay", 1),
    SUMMARIZE(Direction.IN, "summarize", 2),
    SILENCE(Direction.IN, "silence", 3),
    ESCALATE(Direction.IN, "escalate", 4);

    private final Direction direction;
    private final String wire;
    private final int restrictiveness;

    SafetyDecision(Direction direction, String wire, int restrictiveness) {
        this.direction = direction;
        this.wire = wire;
        this.restrictiveness = restrictiveness;
    }

    /** The direction this decision belongs to. */
    public Direction direction() {
        return direction;
    }

    /** The word in the standard JSON's {@code decision}. */
    public String wire() {
        return wire;
    }

    /** 0 = passes unchanged; higher = more restrictive, within one direction. */
    public int restrictiveness() {
        return restrictiveness;
    }

    /** True when the message passes unchanged (ALLOW, DELIVER). */
    public boolean passes() {
        return restrictiveness == 0;
    }

    /** The more restrictive of this and {@code other} (same direction); this one on a tie. */
    public SafetyDecision mostRestrictive(SafetyDecision other) {
        return other.restrictiveness > restrictiveness ? other : this;
    }

    /** The decision for a wire word, or null. */
    public static SafetyDecision fromWire(Direction direction, String wire) {
        for (SafetyDecision d : values()) {
            if (d.direction == direction && d.wire.equals(wire)) return d;
        }
        return null;
    }
}
