package dev.parley.application.catalog;

import dev.parley.application.JsonDocuments;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.operator.Require;
import dev.parley.application.store.Transactions;
import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.catalog.Field;
import dev.parley.domain.catalog.LearnedAnswer;
import dev.parley.domain.catalog.Listing;
import dev.parley.domain.catalog.PropertyKnowledge;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * The console's Catalogue view: the listings with their facts, the answers learned from escalations, and an
 * operator's edit of one field (audited). An empty value makes a field unknown again.
 */
public final class CatalogEditor {
    private final Transactions transactions;
    private final Clock clock;

    public CatalogEditor(Transactions transactions, Clock clock) {
        this.transactions = transactions;
        this.clock = clock;
    }

    public List<CatalogEntry> entries() {
        return transactions.inTransaction(s -> s.catalog().activeEntries());
    }

    public List<LearnedAnswer> learned() {
        return transactions.inTransaction(s -> s.catalog().allLearnedAnswers());
    }

    /** Sets {@code field} of the listing's property (or of the listing: rate, available space) to {@code value}. */
    public CatalogEntry setField(long listingId, Field field, String value, String operator) {
        var who = Require.actor(operator);
        var text = value == null ? "" : value.strip();
        return transactions.inTransaction(s -> {
            var entry = s.catalog().entry(listingId).orElseThrow(() -> new NotFoundException("listing " + listingId));
            var now = clock.instant();
            var k = entry.knowledge();
            var l = entry.listing();
            switch (field) {
                case RATE_PER_FOOT -> replaceListing(s, entry, withRate(l, decimal(text, 2)));
                case AVAILABLE_SPACE -> {
                    var sqft = count(text);
                    if (sqft == null) throw new InvalidRequestException("value", "available space cannot be unknown");
                    replaceListing(s, entry, withSqft(l, sqft));
                }
                default -> s.catalog().saveKnowledge(withField(k, field, text), now);
            }
            s.audit().record(who, "catalog_edit", "property", entry.property().id(), JsonDocuments.write(Map.of(
                    "listing_id", listingId, "field", field.key(), "value", text)), now);
            return s.catalog().entry(listingId).or(() -> s.catalog().listings(entry.property().id()).stream()
                    .findFirst().flatMap(x -> s.catalog().entry(x.id()))).orElseThrow();
        });
    }

    private static void replaceListing(dev.parley.application.store.Store s, CatalogEntry entry, Listing changed) {
        var listings = s.catalog().listings(entry.property().id()).stream()
                .map(x -> x.id() == changed.id() ? changed : x).toList();
        s.catalog().replaceListings(entry.property().id(), listings);
    }

    private static Listing withRate(Listing l, BigDecimal rate) {
        return new Listing(l.id(), l.propertyId(), l.availableSqft(), rate, l.availableFrom(), l.minTermMonths(),
                l.maxTermMonths(), l.terms(), l.active());
    }

    private static Listing withSqft(Listing l, int sqft) {
        return new Listing(l.id(), l.propertyId(), sqft, l.baseRate(), l.availableFrom(), l.minTermMonths(),
                l.maxTermMonths(), l.terms(), l.active());
    }

    static PropertyKnowledge withField(PropertyKnowledge k, Field field, String v) {
        return new PropertyKnowledge(k.propertyId(),
                field == Field.CEILING_HEIGHT ? decimal(v, 1) : k.ceilingHeight(),
                field == Field.DOCK_DOORS ? count(v) : k.dockDoors(),
                field == Field.DRIVE_IN_DOORS ? count(v) : k.driveInDoors(),
                field == Field.TEMPERATURE_CONTROLLED ? bool(v) : k.climateControlled(),
                field == Field.OFFICE_SPACE ? bool(v) : k.hasOffice(),
                field == Field.HOURS_24H ? bool(v) : k.access247(),
                field == Field.FORKLIFT ? bool(v) : k.forkliftAvailable(),
                field == Field.POWER ? text(v, 255) : k.electricalService(),
                field == Field.PARKING ? count(v) : k.parkingSpaces(),
                field == Field.OVERNIGHT_PARKING ? bool(v) : k.overnightParking(),
                field == Field.SPRINKLERS ? bool(v) : k.sprinklerSystem(),
                field == Field.SECURITY ? text(v, 500) : k.securityFeatures());
    }

    private static <T> T check(java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("value", e.getMessage());
        }
    }

    private static Integer count(String v) {
        return check(() -> CatalogColumns.count(v, false));
    }

    private static BigDecimal decimal(String v, int scale) {
        return check(() -> CatalogColumns.decimal(v, scale, new BigDecimal("99999.99")));
    }

    private static Boolean bool(String v) {
        return check(() -> CatalogColumns.bool(v, null));
    }

    private static String text(String v, int max) {
        return check(() -> CatalogColumns.text(v, max));
    }
}
