package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.buyer.agents.MatchView;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** The matches the buyer was shown, read back from the catalogue as the agents see them. */
final class ShownMatches {
    private ShownMatches() {
    }

    /** The presented listings still in the catalogue, numbered as shown. */
    static List<MatchView> of(BuyerTurn t) {
        var views = new ArrayList<MatchView>();
        for (var id : t.state().presentedListingIds) {
            var v = view(t, id, views.size() + 1);
            if (v != null) views.add(v);
        }
        return views;
    }

    /** One listing at {@code position}; null when it left the catalogue. */
    static MatchView view(BuyerTurn t, long listingId, int position) {
        return t.session().reads().catalogEntry(listingId)
                .map(e -> BuyerWording.view(e, position, t.state().criteria, t.today())).orElse(null);
    }

    static LocalDate availableFrom(ConversationSession session, long listingId) {
        return session.reads().catalogEntry(listingId).map(e -> e.listing().availableFrom()).orElse(null);
    }
}
