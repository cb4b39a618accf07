package dev.parley.application.safety;

import dev.parley.domain.buyer.Places;
import dev.parley.domain.safety.ZoneLookup;
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
