package dev.parley.application.store;

import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.catalog.LearnedAnswer;
import dev.parley.domain.catalog.Listing;
import dev.parley.domain.catalog.Property;
import dev.parley.domain.catalog.PropertyKnowledge;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The team's property catalogue (properties, listings, facility knowledge) and the answers learned from escalations. */
public interface Catalog {

    /** Every property, by ref. */
    List<Property> properties();

    Optional<Property> property(long id);

    Optional<Property> propertyByRef(String ref);

    /** The active property whose owner texts from this number, if any. */
    Optional<Property> propertyOfSupplier(String phone);

    /** Inserts a property (id ignored) or, when its ref exists, replaces it; returns the stored property. */
    Property saveProperty(Property property, Instant now);

    /** Listings of a property, by id. */
    List<Listing> listings(long propertyId);

    /** Replaces a property's listings with {@code listings} (their ids are ignored); returns the stored ones. */
    List<Listing> replaceListings(long propertyId, List<Listing> listings);

    /** What is known about a property (all unknown when nothing is stored). */
    PropertyKnowledge knowledge(long propertyId);

    void saveKnowledge(PropertyKnowledge knowledge, Instant now);

    /** One listing with its property and knowledge. */
    Optional<CatalogEntry> entry(long listingId);

    /** Every active listing with its property and knowledge, by property ref then listing id. */
    List<CatalogEntry> activeEntries();

    long learn(LearnedAnswer answer);

    /** Learned answers of a property (null: those that hold for every property), newest first. */
    List<LearnedAnswer> learnedAnswers(Long propertyId);

    /** Every learned answer, newest first. */
    List<LearnedAnswer> allLearnedAnswers();
}
