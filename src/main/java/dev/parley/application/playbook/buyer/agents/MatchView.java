package dev.parley.application.playbook.buyer.agents;

import java.math.BigDecimal;

/**
 * A match as the agents see it: presentation position (1-based), where, how big, its highlight feature, when it is
 * available and the rate. Never the address.
 */
public record MatchView(int position, long listingId, long propertyId, String city, int sqft, String feature,
                        String availability, BigDecimal rate) {
}
