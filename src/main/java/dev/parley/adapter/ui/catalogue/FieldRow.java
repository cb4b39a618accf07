package dev.parley.adapter.ui.catalogue;

import dev.parley.domain.catalog.Field;

/** One Field Catalog field of the selected listing: its value, or "unknown" (a buyer's question escalates). */
public record FieldRow(Field field, String value) {
    public String label() {
        return field.label();
    }

    public String shown() {
        return value == null ? "unknown" : value;
    }
}
