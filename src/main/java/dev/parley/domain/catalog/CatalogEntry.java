package dev.parley.domain.catalog;

/** One property with its knowledge and one of its listings: what a search ranks and a buyer is shown. */
public record CatalogEntry(Property property, Listing listing, PropertyKnowledge knowledge) {
}
