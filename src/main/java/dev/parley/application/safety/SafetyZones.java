package dev.parley.application.safety;

import dev.parley.domain.buyer.Places;
import dev.parley.domain.safety.ZoneLookup;
import java.time.ZoneId;
import java.util.List;

/**
 * The recipient's zones for the validator's quiet hours: libphonenumber's zones of the number ({@code placed}); when it
 * cannot place a number, the area code or country calling code tables buyer-sms ships; a North American number whose
 * area code neither knows (a 555 number) maps to every North American zone, as libphonenumber answers for a number it
 * can place only in its country (quiet hours then hold while it is night in all of them). Any other address (a chat
 * id, an e-mail address) has none, so the validator takes the most restrictive reading.
 */
public final class SafetyZones {
    private SafetyZones() {
    }

    /**
     * {@code lookup}, and where it knows no zone (a chat id, an e-mail address, a number nothing places) the team's
     * zone ({@code team.time_zone}): quiet hours are those of where the team works, not "always quiet" (issue 35: an
     * unknown zone was read as the most restrictive, and every message to a Telegram chat was held to morning).
     */
    public static ZoneLookup orElse(ZoneLookup lookup, ZoneId team) {
        java.util.Objects.requireNonNull(team, "team");
        return (address, channel) -> {
            var known = lookup.zonesOf(address, channel);
            return known == null || known.isEmpty() ? List.of(team) : known;
        };
    }

    public static ZoneLookup of(ZoneLookup placed, Places places) {
        return (address, channel) -> {
            var known = placed.zonesOf(address, channel);
            if (!known.isEmpty()) return known;
            if (address == null || !address.strip().matches("\\+?[0-9 ().-]{7,20}")) return List.of();
            var zones = places.zonesOfPhone(address);
            if (!zones.isEmpty()) return zones;
            var digits = address.replaceAll("\\D", "");
            boolean northAmerican = digits.length() == 11 && digits.startsWith("1")
                    || digits.length() == 10 && !address.strip().startsWith("+");
            return northAmerican ? places.allZones() : List.of();
        };
    }
}
