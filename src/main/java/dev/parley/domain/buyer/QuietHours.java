package dev.parley.domain.buyer;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;

/**
 * Quiet hours for proactive messages (seed 003): none between 9pm and 9am in the buyer's local time; what falls in
 * them waits until 9am. Replies to a buyer's own text are never held. With several possible zones (an unknown or
 * split area) the message waits until it is daytime in every one of them: the most restrictive reading.
 */
public final class QuietHours {
    public static final LocalTime START = LocalTime.of(21, 0);
    public static final LocalTime END = LocalTime.of(9, 0);

    private QuietHours() {
    }

    public static boolean quiet(Instant at, ZoneId zone) {
        var local = at.atZone(zone).toLocalTime();
        return !local.isBefore(START) || local.isBefore(END);
    }

    /** The first instant at or after {@code at} that is outside quiet hours in every zone. */
    public static Instant nextAllowed(Instant at, List<ZoneId> zones) {
        if (zones.isEmpty()) throw new IllegalArgumentException("no zone");
        var candidate = at;
        for (int round = 0; round < 20; round++) {
            boolean moved = false;
            for (var zone : zones) {
                if (quiet(candidate, zone)) {
                    candidate = nextEnd(candidate, zone);
                    moved = true;
                }
            }
            if (!moved) return candidate;
        }
        throw new IllegalStateException("no daytime shared by " + zones);
    }

    private static Instant nextEnd(Instant at, ZoneId zone) {
        ZonedDateTime local = at.atZone(zone);
        var nine = local.toLocalDate().atTime(END).atZone(zone);
        if (!nine.toInstant().isAfter(at)) nine = local.toLocalDate().plusDays(1).atTime(END).atZone(zone);
        return nine.toInstant();
    }
}
