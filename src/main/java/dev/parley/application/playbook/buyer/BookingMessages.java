package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.buyer.agents.Situation;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.SmsKind;
import dev.parley.domain.catalog.Property;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The booking's messages to the buyer, each from its template: replies to the buyer's own text and proactive
 * notices (held in quiet hours), with tour times put in the property's time zone.
 */
final class BookingMessages {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("EEEE MMMM d 'at' h:mm a", Locale.US);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("h:mm a", Locale.US);

    private final Outgoing outgoing;
    private final QuietHoursPolicy zones;

    BookingMessages(Outgoing outgoing, QuietHoursPolicy zones) {
        this.outgoing = outgoing;
        this.zones = zones;
    }

    void reply(ConversationSession session, BuyerState.Builder state, String cause, String template,
               Situation situation, SmsKind kind, Map<String, String> values) {
        outgoing.reply(session, state, cause, template, Outgoing.Reply.of(situation, kind, with(template, values)));
    }

    void proactive(ConversationSession session, BuyerState.Builder state, String cause, String template,
                   Situation situation, SmsKind kind, Map<String, String> values) {
        outgoing.proactive(session, state, cause, template, Outgoing.Reply.of(situation, kind, with(template, values)));
    }

    /** "Thursday March 6 at 10:00 AM" where the property is. */
    String when(ConversationSession session, BuyerState.Builder state, Instant at, Property property) {
        return WHEN.format(at.atZone(zone(session, state, property)));
    }

    /** "10:00 AM" where the property is. */
    String time(ConversationSession session, BuyerState.Builder state, Instant at, Property property) {
        return TIME.format(at.atZone(zone(session, state, property)));
    }

    /** A tour is at the property: its zone, else the buyer's. */
    private ZoneId zone(ConversationSession session, BuyerState.Builder state, Property property) {
        if (property.timeZone() != null) {
            try {
                return ZoneId.of(property.timeZone());
            } catch (java.time.DateTimeException ignored) {
                // the buyer's zone below
            }
        }
        return zones.zones(state, session.contact().address()).getFirst();
    }

    private static Map<String, String> with(String template, Map<String, String> values) {
        var v = new LinkedHashMap<String, String>(values);
        v.put(Situation.TEMPLATE, template);
        return v;
    }
}
