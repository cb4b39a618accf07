package dev.parley.adapter.persistence;

import dev.parley.application.store.EventReceipts;
import java.time.Instant;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateEventReceipts implements EventReceipts {
    private final Session session;

    HibernateEventReceipts(Session session) {
        this.session = session;
    }

    @Override
    public Optional<Receipt> find(long conversationId, String key) {
        return session.createSelectionQuery("from EventReceiptEntity where conversationId = :c and idempotencyKey = :k",
                        EventReceiptEntity.class).setParameter("c", conversationId).setParameter("k", key)
                .uniqueResultOptional().map(e -> new Receipt(e.name, e.stateAfter, e.receivedAt));
    }

    @Override
    public void record(long conversationId, String key, String name, String stateAfter, Instant now) {
        var e = new EventReceiptEntity();
        e.conversationId = conversationId;
        e.idempotencyKey = key;
        e.name = name;
        e.stateAfter = stateAfter;
        e.receivedAt = now;
        session.persist(e);
    }
}
