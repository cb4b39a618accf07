package dev.parley.application.playbook.buyer;

import dev.parley.domain.buyer.Phase;
import dev.parley.domain.catalog.CatalogEntry;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/** Which property the buyer is talking about: the focus moves to the one referenced, and a tour is offered on it. */
final class PropertyFocus {
    private static final Set<Phase> BOOKING_PHASES = EnumSet.of(Phase.COLLECTING_INFO,
            Phase.COMMITMENT, Phase.GUARANTEE_PENDING, Phase.TOUR_SCHEDULING, Phase.ACTIVE, Phase.COMPLETED);

    private final PhaseMoves phases;

    PropertyFocus(PhaseMoves phases) {
        this.phases = phases;
    }

    /** Focus moves to the referenced match; true when the focus changed. */
    boolean focus(BuyerTurn t, long listingId) {
        var phase = t.phase();
        boolean changed = !Long.valueOf(listingId).equals(t.state().focusedListingId);
        t.state().focusedListingId = listingId;
        // The same property again: while focused, waiting for the team, or further on in its booking, the phase stays.
        boolean same = !changed && (phase == Phase.PROPERTY_FOCUSED || phase == Phase.AWAITING_ANSWER
                || BOOKING_PHASES.contains(phase));
        if (!same) {
            var ref = t.session().reads().catalogEntry(listingId).map(e -> e.property().ref()).orElse("");
            phases.fire(t.session(), "property_selected", ref, Map.of("property", ref));
        }
        return changed;
    }

    /** The next replies may suggest a tour of this property. */
    static void offerTour(BuyerTurn t, CatalogEntry e) {
        if (!t.state().tourSuggestedFor.contains(e.property().id())) t.state().tourSuggestedFor.add(e.property().id());
    }
}
