package dev.parley.domain.catalog;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * Space offered in a property: how much, at what monthly rate per sqft, from when, on which terms. A buyer is
 * matched with listings; {@code id} is what a conversation's presented matches hold.
 *
 * @param availableFrom null or a past date: available now
 * @param terms free text as buyers read it ("3-12 month terms")
 */
public record Listing(long id, long propertyId, int availableSqft, BigDecimal baseRate, LocalDate availableFrom,
                      Integer minTermMonths, Integer maxTermMonths, String terms, boolean active) {

    public Listing withIds(long newId, long newPropertyId) {
        return new Listing(newId, newPropertyId, availableSqft, baseRate, availableFrom, minTermMonths, maxTermMonths,
                terms, active);
    }
}
