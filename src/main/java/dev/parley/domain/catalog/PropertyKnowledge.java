package dev.parley.domain.catalog;

import java.math.BigDecimal;

/**
 * What is known about a property's facilities, one column per field of seed 003's Field Catalog. Null means
 * unknown: a buyer's question about it goes to the cache layers, then to a human.
 */
public record PropertyKnowledge(long propertyId, BigDecimal ceilingHeight, Integer dockDoors, Integer driveInDoors,
                                Boolean climateControlled, Boolean hasOffice, Boolean access247,
                                Boolean forkliftAvailable, String electricalService, Integer parkingSpaces,
                                Boolean overnightParking, Boolean sprinklerSystem, String securityFeatures) {

    public static PropertyKnowledge unknown(long propertyId) {
        return new PropertyKnowledge(propertyId, null, null, null, null, null, null, null, null, null, null, null,
                null);
    }

    public PropertyKnowledge withPropertyId(long id) {
        return new PropertyKnowledge(id, ceilingHeight, dockDoors, driveInDoors, climateControlled, hasOffice,
                access247, forkliftAvailable, electricalService, parkingSpaces, overnightParking, sprinklerSystem,
                securityFeatures);
    }
}
