package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Places;
import dev.parley.domain.buyer.QuietHours;
import dev.parley.domain.message.OutboxEntry;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * Which time zone(s) a buyer is in, and holding a proactive message until 9am there: the zone of the search
 * location, else of the phone number's area code, else every US zone (the most restrictive reading).
 */
final class QuietHoursPolicy {
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.US);
    private final Places places;

    QuietHoursPolicy(Places places) {
        this.places = places;
    }

    List<ZoneId> zones(BuyerState.Builder state, String phone) {
        var c = state.criteria;
        if (c.location() != null) {
            var place = places.find(c.location(), c.state());
            if (place.isPresent() && place.get().zone() != null) return List.of(place.get().zone());
            var byState = places.zoneOfState(c.state());
            if (byState.isPresent()) return List.of(byState.get());
        }
        var byPhone = places.zonesOfPhone(phone);
        if (!byPhone.isEmpty()) return byPhone;
        return places.allZones();
    }

    /** Holds a queued proactive message until quiet hours end, with the reason shown; true when held. */
    boolean defer(ConversationSession session, OutboxEntry row, List<ZoneId> zones) {
        var now = session.now();
        var next = QuietHours.nextAllowed(now, zones);
        if (!next.isAfter(now)) return false;
        var local = next.atZone(zones.getFirst());
        session.delayOutbox(row.id(), 0, "quiet hours: waiting until " + LOCAL.format(local) + " "
                + zones.getFirst().getId() + (zones.size() > 1 ? " (and " + (zones.size() - 1) + " more zones)" : ""),
                next);
        session.record("quiet_hours_deferred", java.util.Map.of("outbox_id", row.id(), "until", next.toString()));
        return true;
    }
}
