package dev.parley.application.store;

import dev.parley.domain.contact.Contact;
import dev.parley.domain.contact.ContactStatus;
import java.time.Instant;
import java.util.Optional;

/** Contacts, unique per (channel, address). */
public interface Contacts {
    Contact findOrCreate(String channel, String address, String displayName, Instant now);

    Optional<Contact> find(long id);

    /** Loads the contact with a write lock, so a concurrent block or opt-out waits for this transaction. */
    Contact lock(long id);

    void setStatus(long id, ContactStatus status, Instant since, String reason, String by);

    /** Sets the contact's own time zone ({@code null}: none known). */
    void setTimeZone(long id, java.time.ZoneId zone);
}
