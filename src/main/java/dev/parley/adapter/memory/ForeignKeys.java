package dev.parley.adapter.memory;

import dev.parley.application.store.ConcurrentUpdateException;

/** References between tables, refused when the row referred to does not exist, as the schema's foreign keys do. */
final class ForeignKeys {
    private ForeignKeys() {
    }

    /** {@code id} may be null (a nullable reference); otherwise it must name a row of {@code table}. */
    static void require(Table<?> table, Long id, String constraint) {
        if (id != null && !table.exists(id)) {
            // Same exception as a violated constraint in the Hibernate store.
            throw new ConcurrentUpdateException("foreign key " + constraint + " (" + id + ")", null);
        }
    }
}
