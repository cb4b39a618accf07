package dev.parley.domain.buyer;

import java.math.BigDecimal;
import java.time.LocalDate;

/** A match shown to the buyer, as the orchestrator needs it to resolve "the Commerce one" or "the cheapest". */
public record PresentedMatch(long listingId, long propertyId, String city, int sqft, BigDecimal rate,
                             LocalDate availableFrom) {
}
