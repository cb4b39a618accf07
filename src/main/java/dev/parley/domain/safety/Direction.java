package dev.parley.domain.safety;

import java.util.Locale;

/** Which way a validated message travels: {@code inbound} (to the user) or {@code outbound} (from the user). */
public enum Direction {
    INBOUND("inbound"),
    OUTBOUND("outbound");

    private final String wire;

    Direction(String wire) {
        this.wire = wire;
    }

    /** The word in the standard JSON. */
    public String wire() {
        return wire;
    }

    /**
     * The router: {@code "inbound"} or {@code "outbound"} (case-insensitive, trimmed); anything else, null
     * included, is the seed's error path.
     *
     * @throws InvalidSafetyRequestException with code {@code invalid_direction} and field {@code direction}
     */
    public static Direction route(String direction) {
        if (direction != null) {
            String word = direction.strip().toLowerCase(Locale.ROOT);
            for (Direction d : values()) {
                if (d.wire.equals(word)) return d;
            }
        }
        throw new InvalidSafetyRequestException("invalid_direction", "direction",
                "direction must be \"inbound\" or \"outbound\"");
    }
}
