package dev.parley.application.catalog;

import dev.parley.domain.catalog.Listing;
import dev.parley.domain.catalog.Property;
import dev.parley.domain.catalog.PropertyKnowledge;
import java.util.List;

/** One property of a catalogue file with its listings and knowledge (ids not yet assigned). */
public record CatalogItem(Property property, List<Listing> listings, PropertyKnowledge knowledge) {
    public CatalogItem {
        listings = List.copyOf(listings);
    }
}
