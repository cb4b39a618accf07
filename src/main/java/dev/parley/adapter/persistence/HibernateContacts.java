package dev.parley.adapter.persistence;

import dev.parley.application.store.Contacts;
import dev.parley.domain.contact.Contact;
import dev.parley.domain.contact.ContactStatus;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateContacts implements Contacts {
    private final Session session;

    HibernateContacts(Session session) {
        this.session = session;
    }

    @Override
    public Contact findOrCreate(String channel, String address, String displayName, Instant now) {
        var existing = session.createSelectionQuery(
                        "from ContactEntity where channel = :channel and address = :address", ContactEntity.class)
                .setParameter("channel", channel).setParameter("address", address)
                .uniqueResultOptional();
        if (existing.isPresent()) {
            var contact = existing.get();
            if (contact.displayName == null && displayName != null) {
                contact.displayName = displayName;
            }
            return contact.toDomain();
        }
        var contact = new ContactEntity();
        contact.channel = channel;
        contact.address = address;
        contact.displayName = displayName;
        contact.status = ContactStatus.ACTIVE;
        contact.statusSince = now;
        contact.createdAt = now;
        session.persist(contact);
        return contact.toDomain();
    }

    @Override
    public Optional<Contact> find(long id) {
        return Optional.ofNullable(session.find(ContactEntity.class, id)).map(ContactEntity::toDomain);
    }

    @Override
    public Contact lock(long id) {
        var contact = session.find(ContactEntity.class, id, LockModeType.PESSIMISTIC_WRITE);
        if (contact == null) {
            throw new NoSuchElementException("contact " + id);
        }
        return contact.toDomain();
    }

    @Override
    public void setStatus(long id, ContactStatus status, Instant since, String reason, String by) {
        var contact = session.find(ContactEntity.class, id);
        contact.status = status;
        contact.statusSince = since;
        contact.statusReason = reason;
        contact.statusBy = by;
    }

    @Override
    public void setTimeZone(long id, java.time.ZoneId zone) {
        var contact = session.find(ContactEntity.class, id);
        if (contact == null) throw new NoSuchElementException("contact " + id);
        contact.timeZone = zone == null ? null : zone.getId();
    }
}
