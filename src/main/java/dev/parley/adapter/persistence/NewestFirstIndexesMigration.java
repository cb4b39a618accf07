package dev.parley.adapter.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import org.flywaydb.core.api.migration.Context;

/**
 * V130 (issue 8 §5): the safety decisions' indexes that every message's screening reads and writes.
 *
 * <ul>
 *   <li>{@code ix_safety_decisions_conversation} becomes {@code (conversation_id desc, id desc)}. The screening asks
 *   for a conversation's newest decisions ({@code recentRiskLevels}); H2 reads them off an index newest first, and
 *   stops at the limit, only when that index is the one it picks, and its planner favours an index for an ORDER BY
 *   only when the index's own order matches (an ascending index gets no credit for a descending order). So with
 *   {@code (conversation_id, id)} it picked the foreign key's index on {@code conversation_id} instead and read every
 *   decision of the conversation, and sorted them, on every message: more work for each message of a long
 *   conversation than for the one before (docs/benchmarks.md, "bench ingest at a steady rate"). PostgreSQL reads either order.</li>
 *   <li>On H2, the foreign keys on {@code message_id} and {@code outbox_id} are made again, so that they use
 *   {@code ix_safety_decisions_message} and {@code ix_safety_decisions_outbox}: H2 had given each its own index on
 *   the same column when the table was created, two copies written on every decision. H2 reuses an index for a
 *   foreign key only when its columns are exactly the key's, so the others stay.</li>
 * </ul>
 */
final class NewestFirstIndexesMigration extends VersionedJavaMigration {
    NewestFirstIndexesMigration() {
        super(130, "newest first indexes");
    }

    @Override
    public void migrate(Context context) throws Exception {
        var connection = context.getConnection();
        try (var st = connection.createStatement()) {
            st.execute("drop index ix_safety_decisions_conversation");
            st.execute("create index ix_safety_decisions_conversation on safety_decisions "
                    + "(conversation_id desc, id desc)");
        }
        if (connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("h2")) {
            onItsIndex(connection, "message_id", "messages", "fk_safety_decisions_message");
            onItsIndex(connection, "outbox_id", "outbox", "fk_safety_decisions_outbox");
        }
    }

    /** Drops the foreign key of {@code safety_decisions.column} and adds it again, named, on the column's index. */
    private static void onItsIndex(Connection connection, String column, String referenced, String name)
            throws SQLException {
        String existing = null;
        try (var q = connection.prepareStatement("select tc.constraint_name "
                + "from information_schema.table_constraints tc join information_schema.key_column_usage k "
                + "on k.constraint_schema = tc.constraint_schema and k.constraint_name = tc.constraint_name "
                + "where tc.table_schema = current_schema and tc.table_name = 'SAFETY_DECISIONS' "
                + "and tc.constraint_type = 'FOREIGN KEY' and k.column_name = ?")) {
            q.setString(1, column.toUpperCase(Locale.ROOT));
            try (var rs = q.executeQuery()) {
                if (rs.next()) existing = rs.getString(1);
                if (rs.next()) throw new SQLException("more than one foreign key on safety_decisions." + column);
            }
        }
        if (existing == null) throw new SQLException("no foreign key on safety_decisions." + column);
        try (var st = connection.createStatement()) {
            st.execute("alter table safety_decisions drop constraint \"" + existing + "\"");
            st.execute("alter table safety_decisions add constraint " + name + " foreign key (" + column
                    + ") references " + referenced + " (id)");
        }
    }
}
