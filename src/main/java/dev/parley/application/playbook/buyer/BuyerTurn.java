package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.CriteriaPlan;
import dev.parley.domain.buyer.MessageInterpretation;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.PresentedMatch;
import dev.parley.domain.buyer.ReferenceResolution;
import java.time.LocalDate;

/** Everything one buyer message needs while the orchestrator handles it. */
record BuyerTurn(ConversationSession session, BuyerState.Builder state, String text, long messageId,
                 MessageInterpretation interpretation, String cause, LocalDate today) {
    Phase phase() {
        return Phase.of(session.conversation().state());
    }

    /** The listing the plan names, else the one the message refers to, else the focused one; null when none. */
    Long listingFor(CriteriaPlan plan, ReferenceResolution reference) {
        return plan.listingId() != null ? plan.listingId()
                : reference.resolved().map(PresentedMatch::listingId).orElse(state.focusedListingId);
    }
}
