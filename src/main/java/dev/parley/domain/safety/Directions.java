package dev.parley.domain.safety;

import dev.parley.domain.message.Direction;
import java.util.Locale;

/** The safety standard's input router: its {@code direction} word to a {@link Direction}. */
public final class Directions {
    private Directions() {
    }

    /**
     * {@code "inbound"} or {@code "outbound"} (case-insensitive, trimmed); anything else, null included, is the seed's
     * error path.
     *
     * @throws InvalidSafetyRequestException with code {@code invalid_direction} and field {@code direction}
     */
    public static Direction route(String direction) {
        if (direction != null) {
            String word = direction.strip().toLowerCase(Locale.ROOT);
            for (Direction d : Direction.values()) {
                if (d.safetyWord().equals(word)) return d;
            }
        }
        throw new InvalidSafetyRequestException("invalid_direction", "direction",
                "direction must be \"inbound\" or \"outbound\"");
    }
}
