package dev.parley.adapter.persistence;

import dev.parley.domain.catalog.Listing;
import jakarta.persistence.*;
import java.math.BigDecimal;
import java.time.LocalDate;

@Entity
@Table(name = "property_listings")
class ListingEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(name = "property_id", nullable = false) long propertyId;
    @Column(name = "available_sqft", nullable = false) int availableSqft;
    @Column(name = "base_rate", precision = 10, scale = 2) BigDecimal baseRate;
    @Column(name = "available_from") LocalDate availableFrom;
    @Column(name = "min_term_months") Integer minTermMonths;
    @Column(name = "max_term_months") Integer maxTermMonths;
    String terms;
    @Column(nullable = false) boolean active;

    Listing toDomain() {
        return new Listing(id, propertyId, availableSqft, baseRate, availableFrom, minTermMonths, maxTermMonths, terms,
                active);
    }
}
