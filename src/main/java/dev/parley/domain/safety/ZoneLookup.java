package dev.parley.domain.safety;

import java.time.ZoneId;
import java.util.List;

/** Port: the time zone(s) of an address, for example every zone a phone number maps to; empty when unknown. */
@FunctionalInterface
public interface ZoneLookup {
    List<ZoneId> zonesOf(String address, String channel);

    /** Knows no zone (the validator then assumes quiet hours). */
    ZoneLookup UNKNOWN = (address, channel) -> List.of();
}
