package dev.parley.domain.buyer;

import java.time.ZoneId;

/** A known city: its state, the metro area it belongs to, and its time zone. */
public record Place(String city, String state, String metro, ZoneId zone, boolean capitalisedOnly) {
}
