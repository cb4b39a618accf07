package dev.parley.adapter.persistence;

import dev.parley.domain.catalog.Property;
import jakarta.persistence.*;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

@Entity
@Table(name = "properties")
class PropertyEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(nullable = false, length = 64) String ref;
    @Column(nullable = false) String name;
    @Column(length = 500) String address;
    @Column(nullable = false, length = 100) String city;
    @Column(length = 2) String state;
    @Column(length = 100) String metro;
    @Column(name = "time_zone", length = 64) String timeZone;
    @Column(name = "use_types", nullable = false, length = 500) String useTypes;
    @Column(name = "supplier_name") String supplierName;
    @Column(name = "supplier_phone", length = 32) String supplierPhone;
    @Column(length = 2000) String description;
    @Column(nullable = false) boolean active;
    @Column(name = "created_at", nullable = false) Instant createdAt;
    @Column(name = "updated_at", nullable = false) Instant updatedAt;

    void set(Property p) {
        ref = p.ref();
        name = p.name();
        address = p.address();
        city = p.city();
        state = p.state();
        metro = p.metro();
        timeZone = p.timeZone();
        useTypes = String.join(",", p.useTypes());
        supplierName = p.supplierName();
        supplierPhone = p.supplierPhone();
        description = p.description();
        active = p.active();
    }

    Property toDomain() {
        List<String> uses = useTypes == null || useTypes.isBlank() ? List.of()
                : Arrays.stream(useTypes.split(",")).map(String::strip).toList();
        return new Property(id, ref, name, address, city, state, metro, timeZone, uses, supplierName, supplierPhone,
                description, active);
    }
}
