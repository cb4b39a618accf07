package dev.parley.adapter.safety;

import com.google.i18n.phonenumbers.NumberParseException;
import com.google.i18n.phonenumbers.PhoneNumberToTimeZonesMapper;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import com.google.i18n.phonenumbers.Phonenumber.PhoneNumber;
import dev.parley.domain.safety.ZoneLookup;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * The time zones a phone number maps to, from libphonenumber's {@link PhoneNumberToTimeZonesMapper}: a number in
 * international form ({@code +…}, optionally prefixed {@code whatsapp:} or {@code tel:}). A US number maps to
 * several zones, a UK number to one. Anything else (chat ids, e-mail addresses, numbers without a country code,
 * numbers libphonenumber cannot place) is unknown: an empty list, and the validator assumes quiet hours.
 */
public final class PhoneNumberZones implements ZoneLookup {
    private static final String UNKNOWN = PhoneNumberToTimeZonesMapper.getUnknownTimeZone();
    private final PhoneNumberUtil util = PhoneNumberUtil.getInstance();
    private final PhoneNumberToTimeZonesMapper mapper = PhoneNumberToTimeZonesMapper.getInstance();
    /** The last 4,096 addresses looked up: parsing a number costs microseconds, a batch repeats its parties. */
    private final java.util.Map<String, List<ZoneId>> recent = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(256, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<String, List<ZoneId>> eldest) {
                    return size() > 4_096;
                }
            });

    @Override
    public List<ZoneId> zonesOf(String address, String channel) {
        if (address == null) return List.of();
        List<ZoneId> known = recent.get(address);
        if (known != null) return known;
        List<ZoneId> zones = lookUp(address);
        recent.put(address, zones);
        return zones;
    }

    private List<ZoneId> lookUp(String address) {
        String number = address.strip();
        int colon = number.indexOf(':');
        if (colon >= 0 && number.indexOf('+') > colon) number = number.substring(colon + 1).strip();
        if (!number.startsWith("+")) return List.of();
        PhoneNumber parsed;
        try {
            parsed = util.parse(number, "ZZ");
        } catch (NumberParseException e) {
            return List.of();
        }
        List<ZoneId> zones = new ArrayList<>();
        for (String id : mapper.getTimeZonesForNumber(parsed)) {
            if (UNKNOWN.equals(id)) continue;
            try {
                zones.add(ZoneId.of(id));
            } catch (DateTimeException e) {
                // a zone id this JDK does not know: leave it out (if none is left, the zone is unknown)
            }
        }
        return List.copyOf(zones);
    }
}
