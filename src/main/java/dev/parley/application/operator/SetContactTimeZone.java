package dev.parley.application.operator;

import dev.parley.application.JsonDocuments;
import dev.parley.application.store.Transactions;
import java.time.Clock;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Optional;

/**
 * An operator sets (or clears) a contact's own time zone: the safety validator's quiet hours use it before anything
 * guessed from the address (a phone number's zones; a chat id or an e-mail address has none, so without it the most
 * restrictive rule applies). Audited as {@code set_time_zone} with the zone before and after.
 */
public final class SetContactTimeZone {
    private final Transactions transactions;
    private final Clock clock;

    public SetContactTimeZone(Transactions transactions, Clock clock) {
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * Sets contact {@code contactId}'s zone to {@code zone} (an IANA region id such as {@code Europe/Paris}; null or
     * blank clears it); returns the zone now set.
     *
     * @throws InvalidRequestException naming {@code time_zone} when it is not a known region id
     * @throws NotFoundException       when there is no such contact
     */
    public Optional<ZoneId> set(long contactId, String zone, String actor) {
        var who = Require.actor(actor);
        ZoneId parsed = parse(zone);
        return transactions.inTransaction(store -> {
            var contact = store.contacts().find(contactId)
                    .orElseThrow(() -> new NotFoundException("contact " + contactId));
            store.contacts().setTimeZone(contactId, parsed);
            var detail = new LinkedHashMap<String, Object>();
            detail.put("from", contact.timeZone() == null ? null : contact.timeZone().getId());
            detail.put("to", parsed == null ? null : parsed.getId());
            store.audit().record(who, "set_time_zone", "contact", contactId, JsonDocuments.write(detail),
                    clock.instant());
            return Optional.ofNullable(parsed);
        });
    }

    /** A zone id of the time-zone database (not a bare offset: it knows no daylight saving time, so quiet hours would drift). */
    static ZoneId parse(String zone) {
        if (zone == null || zone.isBlank()) return null;
        if (ZoneId.getAvailableZoneIds().contains(zone.strip())) return ZoneId.of(zone.strip());
        throw new InvalidRequestException("time_zone", "time_zone must be an IANA zone id such as Europe/Paris or"
                + " America/New_York (or null to clear it)");
    }
}
