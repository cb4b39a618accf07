package dev.parley.adapter.memory;

import dev.parley.application.store.Contacts;
import dev.parley.domain.contact.Contact;
import dev.parley.domain.contact.ContactStatus;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** Contacts, unique per (channel, address). */
final class InMemoryContacts implements Contacts {
    private record Address(String channel, String address) {
    }

    final Table<Contact> table;
    private final UniqueIndex<Address, Contact> byAddress;

    InMemoryContacts(UndoLog undo) {
        table = new Table<>("contact", undo);
        byAddress = table.index(new UniqueIndex<>("uq_contacts_channel_address",
                c -> new Address(c.channel(), c.address())));
    }

    @Override
    public Contact findOrCreate(String channel, String address, String displayName, Instant now) {
        table.guard();
        var id = byAddress.find(new Address(channel, address));
        if (id != null) {
            var contact = table.get(id);
            if (contact.displayName() == null && displayName != null) {
                contact = new Contact(contact.id(), contact.channel(), contact.address(), displayName,
                        contact.status(), contact.statusSince(), contact.statusReason(), contact.statusBy(), contact.timeZone());
                table.put(id, contact);
            }
            return contact;
        }
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(now, "created_at");
        long newId = table.nextId();
        var contact = new Contact(newId, channel, address, displayName, ContactStatus.ACTIVE, StoredTime.of(now),
                null, null, null);
        table.put(newId, contact);
        return contact;
    }

    @Override
    public Optional<Contact> find(long id) {
        return Optional.ofNullable(table.get(id));
    }

    @Override
    public Contact lock(long id) {
        // One lock serialises every transaction, so the row lock is implied.
        return table.require(id);
    }

    @Override
    public void setStatus(long id, ContactStatus status, Instant since, String reason, String by) {
        var c = table.require(id);
        Objects.requireNonNull(status, "status");
        table.put(id, new Contact(id, c.channel(), c.address(), c.displayName(), status, StoredTime.of(since), reason,
                by, c.timeZone()));
    }

    @Override
    public void setTimeZone(long id, java.time.ZoneId zone) {
        var c = table.require(id);
        table.put(id, new Contact(id, c.channel(), c.address(), c.displayName(), c.status(), c.statusSince(),
                c.statusReason(), c.statusBy(), zone));
    }
}
