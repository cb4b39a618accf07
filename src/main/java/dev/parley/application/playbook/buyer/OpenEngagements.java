package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Engagement;
import dev.parley.domain.buyer.EngagementStatus;
import java.util.Map;

/** The buyer's open booking (at most one): finding it, and closing it with its links. */
final class OpenEngagements {
    private OpenEngagements() {
    }

    /** The conversation's engagement while it is open; null otherwise. */
    static Engagement find(ConversationSession session, BuyerState.Builder state) {
        if (state.engagementId == null) return null;
        return session.reads().engagement(state.engagementId).filter(e -> e.status().open()).orElse(null);
    }

    /** Closes an engagement ({@code status} with its reason on the timeline); its unused links die. */
    static void close(ConversationSession session, Engagement engagement, EngagementStatus status, String reason) {
        var now = session.now();
        var b = engagement.edit();
        b.status = status;
        b.closedReason = reason;
        b.updatedAt = now;
        session.updateEngagement(b.build());
        SigningLinks.expireOf(session, engagement, now);
        session.record("engagement", Map.of("engagement_id", engagement.id(), "status", status.name(),
                "reason", reason));
    }
}
