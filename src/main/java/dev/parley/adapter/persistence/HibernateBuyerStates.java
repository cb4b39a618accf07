package dev.parley.adapter.persistence;

import dev.parley.application.store.BuyerStates;
import dev.parley.domain.buyer.BuyerState;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateBuyerStates implements BuyerStates {
    private final Session session;

    HibernateBuyerStates(Session session) {
        this.session = session;
    }

    @Override
    public Optional<BuyerState> find(long conversationId) {
        return Optional.ofNullable(session.find(BuyerStateEntity.class, conversationId))
                .map(BuyerStateEntity::toDomain);
    }

    @Override
    public void save(BuyerState state) {
        var entity = session.find(BuyerStateEntity.class, state.conversationId());
        boolean created = entity == null;
        if (created) entity = new BuyerStateEntity();
        entity.set(state);
        if (created) session.persist(entity);
    }
}
