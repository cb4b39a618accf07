package dev.parley.adapter.http.webhook;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Immutable, insertion-ordered multimap of decoded form fields. {@link #toString()} shows names
 * only, because values carry phone numbers and message text.
 */
public final class FormParams {

    /** One {@code name=value} pair, in body order. */
    public record Field(String name, String value) {
        public Field {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String toString() {
            return name + "=…";
        }
    }

    private static final FormParams EMPTY = new FormParams(List.of());

    private final List<Field> fields;
    private final Map<String, List<String>> byName;

    private FormParams(List<Field> fields) {
        this.fields = List.copyOf(fields);
        Map<String, List<String>> grouped = new LinkedHashMap<>();
        for (Field field : this.fields) {
            grouped.computeIfAbsent(field.name(), k -> new ArrayList<>()).add(field.value());
        }
        grouped.replaceAll((name, values) -> List.copyOf(values));
        this.byName = Collections.unmodifiableMap(grouped);
    }

    public static FormParams of(List<Field> fields) {
        return fields.isEmpty() ? EMPTY : new FormParams(fields);
    }

    public static FormParams empty() {
        return EMPTY;
    }

    /** All fields in body order, duplicates included. */
    public List<Field> fields() {
        return fields;
    }

    /** First value for {@code name}, if present. */
    public Optional<String> first(String name) {
        List<String> values = byName.get(name);
        return values == null ? Optional.empty() : Optional.of(values.getFirst());
    }

    /** Every value for {@code name}, in body order; empty if absent. */
    public List<String> all(String name) {
        return byName.getOrDefault(name, List.of());
    }

    /** Names in first-seen order, each with all its values; unmodifiable. */
    public Map<String, List<String>> asMap() {
        return byName;
    }

    public int size() {
        return fields.size();
    }

    public boolean isEmpty() {
        return fields.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FormParams other && fields.equals(other.fields);
    }

    @Override
    public int hashCode() {
        return fields.hashCode();
    }

    @Override
    public String toString() {
        return "FormParams" + byName.keySet();
    }
}
