package dev.parley.adapter.persistence;

import dev.parley.domain.contact.Contact;
import dev.parley.domain.contact.ContactStatus;
import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "contacts")
class ContactEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(nullable = false) String channel;
    @Column(nullable = false) String address;
    @Column(name = "display_name") String displayName;
    @Enumerated(EnumType.STRING) @Column(nullable = false) ContactStatus status;
    @Column(name = "status_since") Instant statusSince;
    @Column(name = "status_reason") String statusReason;
    @Column(name = "status_by") String statusBy;
    @Column(name = "created_at", nullable = false) Instant createdAt;
    @Column(name = "time_zone") String timeZone;
    @Version long version;

    Contact toDomain() {
        return new Contact(id, channel, address, displayName, status, statusSince, statusReason, statusBy,
                timeZone == null ? null : java.time.ZoneId.of(timeZone));
    }
}
