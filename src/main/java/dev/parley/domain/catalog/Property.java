package dev.parley.domain.catalog;

import java.util.List;

/**
 * A property of the catalogue (a warehouse or building). {@code ref} is the team's own stable id, used by import
 * and export; {@code id} is the store's. The address is private until a buyer has committed (seed 003).
 *
 * @param metro the metro area searches "near" a city match (Commerce Twp and Pontiac are in metro Detroit)
 * @param timeZone IANA zone of the property, for a buyer searching there (quiet hours)
 * @param useTypes what the space suits: storage, ecommerce fulfillment, cold storage, …
 * @param supplierPhone the owner's number (E.164): a text from it is a supplier, not a buyer
 */
public record Property(long id, String ref, String name, String address, String city, String state, String metro,
                       String timeZone, List<String> useTypes, String supplierName, String supplierPhone,
                       String description, boolean active) {

    public Property {
        useTypes = useTypes == null ? List.of() : List.copyOf(useTypes);
    }

    public Property withId(long newId) {
        return new Property(newId, ref, name, address, city, state, metro, timeZone, useTypes, supplierName,
                supplierPhone, description, active);
    }
}
