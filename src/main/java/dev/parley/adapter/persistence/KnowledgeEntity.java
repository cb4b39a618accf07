package dev.parley.adapter.persistence;

import dev.parley.domain.catalog.PropertyKnowledge;
import jakarta.persistence.*;
import java.math.BigDecimal;
import java.time.Instant;

@Entity
@Table(name = "property_knowledge")
class KnowledgeEntity {
    @Id @Column(name = "property_id") Long propertyId;
    @Column(name = "ceiling_height", precision = 6, scale = 1) BigDecimal ceilingHeight;
    @Column(name = "dock_doors") Integer dockDoors;
    @Column(name = "drive_in_doors") Integer driveInDoors;
    @Column(name = "climate_controlled") Boolean climateControlled;
    @Column(name = "has_office") Boolean hasOffice;
    @Column(name = "access_24_7") Boolean access247;
    @Column(name = "forklift_available") Boolean forkliftAvailable;
    @Column(name = "electrical_service") String electricalService;
    @Column(name = "parking_spaces") Integer parkingSpaces;
    @Column(name = "overnight_parking") Boolean overnightParking;
    @Column(name = "sprinkler_system") Boolean sprinklerSystem;
    @Column(name = "security_features", length = 500) String securityFeatures;
    @Column(name = "updated_at", nullable = false) Instant updatedAt;

    void set(PropertyKnowledge k) {
        ceilingHeight = k.ceilingHeight() == null ? null : k.ceilingHeight().setScale(1, java.math.RoundingMode.HALF_UP);
        dockDoors = k.dockDoors();
        driveInDoors = k.driveInDoors();
        climateControlled = k.climateControlled();
        hasOffice = k.hasOffice();
        access247 = k.access247();
        forkliftAvailable = k.forkliftAvailable();
        electricalService = k.electricalService();
        parkingSpaces = k.parkingSpaces();
        overnightParking = k.overnightParking();
        sprinklerSystem = k.sprinklerSystem();
        securityFeatures = k.securityFeatures();
    }

    PropertyKnowledge toDomain() {
        return new PropertyKnowledge(propertyId, ceilingHeight, dockDoors, driveInDoors, climateControlled, hasOffice,
                access247, forkliftAvailable, electricalService, parkingSpaces, overnightParking, sprinklerSystem,
                securityFeatures);
    }
}
