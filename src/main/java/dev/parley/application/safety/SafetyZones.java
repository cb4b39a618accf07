package dev.parley.application.safety;

import dev.parley.domain.buyer.Places;
import dev.parley.domain.safety.ZoneLookup;
import java.util.List;

/**
 * The recipient's zones for the validator's quiet hours: a phone number's zones from its area code or country calling
 * code (the shipped tables buyer-sms uses too); a North American number whose area code is not in the table maps to
 * every North American zone (quiet hours then hold while it is night in all of them). Any other address (a chat id,
 * an e-mail address) has none, so the validator takes the most restrictive reading.
 */
public final class SafetyZones {
    private SafetyZones() {
    }

    public static ZoneLookup of(Places places) {
        return (address, channel) -> {
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
