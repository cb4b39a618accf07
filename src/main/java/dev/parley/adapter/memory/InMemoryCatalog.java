package dev.parley.adapter.memory;

import dev.parley.application.store.Catalog;
import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.catalog.LearnedAnswer;
import dev.parley.domain.catalog.Listing;
import dev.parley.domain.catalog.Property;
import dev.parley.domain.catalog.PropertyKnowledge;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The property catalogue and learned answers, as the V60 tables keep them (numeric scales included). */
final class InMemoryCatalog implements Catalog {
    private final Table<Property> properties;
    private final Table<Listing> listings;
    private final Table<PropertyKnowledge> knowledge;
    private final Table<LearnedAnswer> learned;
    private final UniqueIndex<String, Property> byRef;
    private final GroupIndex<String, Property> bySupplier;
    private final GroupIndex<Long, Listing> listingsOf;
    private final GroupIndex<Long, LearnedAnswer> learnedOf;

    InMemoryCatalog(UndoLog undo) {
        properties = new Table<>("property", undo);
        listings = new Table<>("property_listing", undo);
        knowledge = new Table<>("property_knowledge", undo);
        learned = new Table<>("learned_answer", undo);
        byRef = properties.index(new UniqueIndex<>("uq_properties_ref", Property::ref));
        bySupplier = properties.index(new GroupIndex<>(p -> p.supplierPhone() == null ? "" : p.supplierPhone()));
        listingsOf = listings.index(new GroupIndex<>(Listing::propertyId));
        learnedOf = learned.index(new GroupIndex<>(a -> a.propertyId() == null ? 0L : a.propertyId()));
    }

    @Override
    public List<Property> properties() {
        var all = new ArrayList<Property>();
        properties.forEach(all::add);
        all.sort(Comparator.comparing(Property::ref));
        return all;
    }

    @Override
    public Optional<Property> property(long id) {
        return Optional.ofNullable(properties.get(id));
    }

    @Override
    public Optional<Property> propertyByRef(String ref) {
        properties.guard();
        var id = byRef.find(ref);
        return id == null ? Optional.empty() : Optional.of(properties.get(id));
    }

    @Override
    public Optional<Property> propertyOfSupplier(String phone) {
        properties.guard();
        if (phone == null) return Optional.empty();
        return bySupplier.of(phone).stream().filter(Property::active).min(Comparator.comparing(Property::ref));
    }

    @Override
    public Property saveProperty(Property property, Instant now) {
        Objects.requireNonNull(property.ref(), "ref");
        Objects.requireNonNull(property.name(), "name");
        Objects.requireNonNull(property.city(), "city");
        var existing = propertyByRef(property.ref());
        long id = existing.map(Property::id).orElseGet(properties::nextId);
        var stored = property.withId(id);
        properties.put(id, stored);
        return stored;
    }

    @Override
    public List<Listing> listings(long propertyId) {
        listings.guard();
        return List.copyOf(listingsOf.of(propertyId));
    }

    @Override
    public List<Listing> replaceListings(long propertyId, List<Listing> replacement) {
        ForeignKeys.require(properties, propertyId, "property_listings.property_id");
        for (var old : List.copyOf(listingsOf.of(propertyId))) listings.put(old.id(), null);
        var stored = new ArrayList<Listing>();
        for (var l : replacement) {
            long id = listings.nextId();
            var row = new Listing(id, propertyId, l.availableSqft(), scale(l.baseRate(), 2), l.availableFrom(),
                    l.minTermMonths(), l.maxTermMonths(), l.terms(), l.active());
            listings.put(id, row);
            stored.add(row);
        }
        return stored;
    }

    @Override
    public PropertyKnowledge knowledge(long propertyId) {
        var k = knowledge.get(propertyId);
        return k == null ? PropertyKnowledge.unknown(propertyId) : k;
    }

    @Override
    public void saveKnowledge(PropertyKnowledge k, Instant now) {
        ForeignKeys.require(properties, k.propertyId(), "property_knowledge.property_id");
        knowledge.put(k.propertyId(), new PropertyKnowledge(k.propertyId(), scale(k.ceilingHeight(), 1), k.dockDoors(),
                k.driveInDoors(), k.climateControlled(), k.hasOffice(), k.access247(), k.forkliftAvailable(),
                k.electricalService(), k.parkingSpaces(), k.overnightParking(), k.sprinklerSystem(),
                k.securityFeatures()));
    }

    @Override
    public Optional<CatalogEntry> entry(long listingId) {
        var l = listings.get(listingId);
        if (l == null) return Optional.empty();
        var p = properties.get(l.propertyId());
        return Optional.of(new CatalogEntry(p, l, knowledge(p.id())));
    }

    @Override
    public List<CatalogEntry> activeEntries() {
        var entries = new ArrayList<CatalogEntry>();
        listings.forEach(l -> {
            var p = properties.get(l.propertyId());
            if (l.active() && p != null && p.active()) entries.add(new CatalogEntry(p, l, knowledge(p.id())));
        });
        entries.sort(Comparator.comparing((CatalogEntry e) -> e.property().ref())
                .thenComparingLong(e -> e.listing().id()));
        return entries;
    }

    @Override
    public long learn(LearnedAnswer a) {
        ForeignKeys.require(properties, a.propertyId(), "learned_answers.property_id");
        Objects.requireNonNull(a.question(), "question");
        Objects.requireNonNull(a.answer(), "answer");
        long id = learned.nextId();
        learned.put(id, new LearnedAnswer(id, a.propertyId(), a.fieldKey(), a.question(), a.answer(),
                a.allProperties(), a.escalationId(), a.answeredBy(), StoredTime.of(a.answeredAt())));
        return id;
    }

    @Override
    public List<LearnedAnswer> learnedAnswers(Long propertyId) {
        learned.guard();
        var out = new ArrayList<LearnedAnswer>();
        if (propertyId == null) {
            learned.forEachNewestFirst(a -> {
                if (a.allProperties()) out.add(a);
                return true;
            });
        } else {
            out.addAll(learnedOf.of(propertyId));
            out.sort(Comparator.comparingLong(LearnedAnswer::id).reversed());
        }
        return out;
    }

    @Override
    public List<LearnedAnswer> allLearnedAnswers() {
        var out = new ArrayList<LearnedAnswer>();
        learned.forEachNewestFirst(a -> out.add(a) || true);
        return out;
    }

    private static BigDecimal scale(BigDecimal value, int scale) {
        return value == null ? null : value.setScale(scale, RoundingMode.HALF_UP);
    }
}
