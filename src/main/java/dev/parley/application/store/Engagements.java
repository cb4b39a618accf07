package dev.parley.application.store;

import dev.parley.domain.buyer.Engagement;
import java.util.List;
import java.util.Optional;

/** Buyers' bookings (seed 003's engagements), moved by the engagement bridge. */
public interface Engagements {
    /** Stores a new engagement (its id is ignored) and returns it with its id. */
    Engagement create(Engagement engagement);

    Optional<Engagement> find(long id);

    List<Engagement> ofConversation(long conversationId);

    /** Every engagement, newest first, up to {@code limit} (the dashboard's figures). */
    List<Engagement> recent(int limit);

    void update(Engagement engagement);
}
