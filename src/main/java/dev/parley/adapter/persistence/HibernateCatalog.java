package dev.parley.adapter.persistence;

import dev.parley.application.store.Catalog;
import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.catalog.LearnedAnswer;
import dev.parley.domain.catalog.Listing;
import dev.parley.domain.catalog.Property;
import dev.parley.domain.catalog.PropertyKnowledge;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateCatalog implements Catalog {
    private final Session session;

    HibernateCatalog(Session session) {
        this.session = session;
    }

    @Override
    public List<Property> properties() {
        return session.createSelectionQuery("from PropertyEntity order by ref", PropertyEntity.class).getResultList()
                .stream().map(PropertyEntity::toDomain).toList();
    }

    @Override
    public Optional<Property> property(long id) {
        return Optional.ofNullable(session.find(PropertyEntity.class, id)).map(PropertyEntity::toDomain);
    }

    @Override
    public Optional<Property> propertyByRef(String ref) {
        return byRef(ref).map(PropertyEntity::toDomain);
    }

    private Optional<PropertyEntity> byRef(String ref) {
        return session.createSelectionQuery("from PropertyEntity where ref = :ref", PropertyEntity.class)
                .setParameter("ref", ref).uniqueResultOptional();
    }

    @Override
    public Optional<Property> propertyOfSupplier(String phone) {
        if (phone == null) return Optional.empty();
        return session.createSelectionQuery("from PropertyEntity where supplierPhone = :phone and active = true "
                        + "order by ref", PropertyEntity.class).setParameter("phone", phone).setMaxResults(1)
                .uniqueResultOptional().map(PropertyEntity::toDomain);
    }

    @Override
    public Property saveProperty(Property property, Instant now) {
        var entity = byRef(property.ref()).orElseGet(() -> {
            var created = new PropertyEntity();
            created.createdAt = now;
            return created;
        });
        entity.set(property);
        entity.updatedAt = now;
        if (entity.id == null) session.persist(entity);
        return entity.toDomain();
    }

    @Override
    public List<Listing> listings(long propertyId) {
        return session.createSelectionQuery("from ListingEntity where propertyId = :id order by id", ListingEntity.class)
                .setParameter("id", propertyId).getResultList().stream().map(ListingEntity::toDomain).toList();
    }

    @Override
    public List<Listing> replaceListings(long propertyId, List<Listing> listings) {
        session.createMutationQuery("delete from ListingEntity where propertyId = :id").setParameter("id", propertyId)
                .executeUpdate();
        var stored = new ArrayList<Listing>();
        for (var l : listings) {
            var e = new ListingEntity();
            e.propertyId = propertyId;
            e.availableSqft = l.availableSqft();
            // the column's scale, so the row returned equals the row read back
            e.baseRate = l.baseRate() == null ? null : l.baseRate().setScale(2, java.math.RoundingMode.HALF_UP);
            e.availableFrom = l.availableFrom();
            e.minTermMonths = l.minTermMonths();
            e.maxTermMonths = l.maxTermMonths();
            e.terms = l.terms();
            e.active = l.active();
            session.persist(e);
            stored.add(e.toDomain());
        }
        return stored;
    }

    @Override
    public PropertyKnowledge knowledge(long propertyId) {
        var k = session.find(KnowledgeEntity.class, propertyId);
        return k == null ? PropertyKnowledge.unknown(propertyId) : k.toDomain();
    }

    @Override
    public void saveKnowledge(PropertyKnowledge knowledge, Instant now) {
        var k = session.find(KnowledgeEntity.class, knowledge.propertyId());
        boolean created = k == null;
        if (created) {
            k = new KnowledgeEntity();
            k.propertyId = knowledge.propertyId();
        }
        k.set(knowledge);
        k.updatedAt = now;
        if (created) session.persist(k);
    }

    @Override
    public Optional<CatalogEntry> entry(long listingId) {
        var l = session.find(ListingEntity.class, listingId);
        if (l == null) return Optional.empty();
        var p = session.find(PropertyEntity.class, l.propertyId);
        return Optional.of(new CatalogEntry(p.toDomain(), l.toDomain(), knowledge(p.id)));
    }

    @Override
    public List<CatalogEntry> activeEntries() {
        var properties = new HashMap<Long, Property>();
        for (var p : session.createSelectionQuery("from PropertyEntity where active = true", PropertyEntity.class)
                .getResultList()) {
            properties.put(p.id, p.toDomain());
        }
        var knowledge = new HashMap<Long, PropertyKnowledge>();
        for (var k : session.createSelectionQuery("from KnowledgeEntity", KnowledgeEntity.class).getResultList()) {
            knowledge.put(k.propertyId, k.toDomain());
        }
        var entries = new ArrayList<CatalogEntry>();
        for (var l : session.createSelectionQuery("from ListingEntity where active = true order by id",
                ListingEntity.class).getResultList()) {
            var p = properties.get(l.propertyId);
            if (p == null) continue;
            entries.add(new CatalogEntry(p, l.toDomain(), knowledge.getOrDefault(p.id(),
                    PropertyKnowledge.unknown(p.id()))));
        }
        entries.sort(java.util.Comparator.comparing((CatalogEntry e) -> e.property().ref())
                .thenComparingLong(e -> e.listing().id()));
        return entries;
    }

    @Override
    public long learn(LearnedAnswer a) {
        var e = new LearnedAnswerEntity();
        e.propertyId = a.propertyId();
        e.fieldKey = a.fieldKey();
        e.question = a.question();
        e.answer = a.answer();
        e.allProperties = a.allProperties();
        e.escalationId = a.escalationId();
        e.answeredBy = a.answeredBy();
        e.answeredAt = a.answeredAt();
        session.persist(e);
        return e.id;
    }

    @Override
    public List<LearnedAnswer> learnedAnswers(Long propertyId) {
        var query = propertyId == null
                ? session.createSelectionQuery("from LearnedAnswerEntity where allProperties = true order by id desc",
                LearnedAnswerEntity.class)
                : session.createSelectionQuery("from LearnedAnswerEntity where propertyId = :id order by id desc",
                LearnedAnswerEntity.class).setParameter("id", propertyId);
        return query.getResultList().stream().map(LearnedAnswerEntity::toDomain).toList();
    }

    @Override
    public List<LearnedAnswer> allLearnedAnswers() {
        return session.createSelectionQuery("from LearnedAnswerEntity order by id desc", LearnedAnswerEntity.class)
                .getResultList().stream().map(LearnedAnswerEntity::toDomain).toList();
    }
}
