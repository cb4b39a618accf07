package dev.parley.adapter.persistence;

import dev.parley.domain.limit.FieldLimit;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.CRC32;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * The schema's side of {@link FieldLimit}: which column holds which field, and a repeatable Flyway migration that
 * widens any of them narrower than its limit needs. Its checksum is computed from this table, so Flyway runs it again
 * whenever a limit or a column changes here: raising a limit is a one-line change, and validation and schema cannot
 * drift apart. It never narrows a column (that could fail on stored rows); a lowered limit only checks more strictly.
 * {@code ALTER TABLE ... ALTER COLUMN ... SET DATA TYPE} is standard SQL, understood by H2 and PostgreSQL.
 */
final class SchemaLimits implements JavaMigration {

    /** {@code table.column} → the limit of what it holds. */
    static final Map<String, FieldLimit> COLUMNS = columns();

    private static Map<String, FieldLimit> columns() {
        var c = new LinkedHashMap<String, FieldLimit>();
        c.put("contacts.address", FieldLimit.ADDRESS);
        c.put("contacts.display_name", FieldLimit.DISPLAY_NAME);
        c.put("contacts.status_reason", FieldLimit.NOTE);
        c.put("contacts.status_by", FieldLimit.ACTOR);
        c.put("conversations.conv_key", FieldLimit.CONVERSATION_KEY);
        c.put("conversations.playbook", FieldLimit.PLAYBOOK);
        c.put("conversations.state", FieldLimit.STATE);
        c.put("messages.provider_id", FieldLimit.PROVIDER_ID);
        c.put("messages.text", FieldLimit.MESSAGE_TEXT);
        c.put("messages.reply_to", FieldLimit.PROVIDER_ID);
        c.put("messages.actor", FieldLimit.ACTOR);
        c.put("conversation_events.from_state", FieldLimit.STATE);
        c.put("conversation_events.to_state", FieldLimit.STATE);
        c.put("conversation_events.trigger_name", FieldLimit.EVENT_NAME);
        c.put("conversation_events.detail", FieldLimit.EVENT_DETAIL);
        c.put("conversation_events.actor", FieldLimit.ACTOR);
        c.put("inbox.provider_id", FieldLimit.PROVIDER_ID);
        c.put("inbox.conversation_key", FieldLimit.CONVERSATION_KEY);
        c.put("inbox.sender", FieldLimit.ADDRESS);
        c.put("inbox.recipient", FieldLimit.ADDRESS);
        c.put("inbox.text", FieldLimit.MESSAGE_TEXT);
        c.put("inbox.reply_to", FieldLimit.PROVIDER_ID);
        c.put("inbox.playbook", FieldLimit.PLAYBOOK);
        c.put("inbox.sender_name", FieldLimit.DISPLAY_NAME);
        c.put("outbox.text", FieldLimit.MESSAGE_TEXT);
        c.put("outbox.actor", FieldLimit.ACTOR);
        c.put("alerts.acknowledged_by", FieldLimit.ACTOR);
        c.put("alerts.resolved_by", FieldLimit.ACTOR);
        c.put("alerts.resolution_note", FieldLimit.NOTE);
        c.put("outbox.reply_to", FieldLimit.PROVIDER_ID);
        c.put("audit_log.actor", FieldLimit.ACTOR);
        c.put("audit_log.detail", FieldLimit.EVENT_DETAIL);
        c.put("inbox.chat_details", FieldLimit.CHAT_DETAILS);
        c.put("chat_messages.sender", FieldLimit.ADDRESS);
        c.put("chat_messages.sender_handle", FieldLimit.HANDLE);
        c.put("chat_messages.sender_name", FieldLimit.DISPLAY_NAME);
        c.put("chat_messages.thread_id", FieldLimit.PROVIDER_ID);
        c.put("chat_messages.mentions", FieldLimit.CHAT_DETAILS);
        c.put("chat_messages.context_snapshot", FieldLimit.CHAT_DETAILS);
        c.put("buyer_states.criteria_snapshot", FieldLimit.BUYER_NEED);
        return java.util.Collections.unmodifiableMap(c);
    }

    /** Widens every listed column that is narrower than its limit needs; returns the ones it widened. */
    static List<String> widen(Connection connection) throws SQLException {
        var widened = new ArrayList<String>();
        var lengths = declaredLengths(connection);
        for (var entry : COLUMNS.entrySet()) {
            int needed = entry.getValue().columnLength();
            Integer declared = lengths.get(entry.getKey());
            if (declared == null) {
                throw new SQLException("column " + entry.getKey() + " named in SchemaLimits does not exist");
            }
            if (declared >= needed) continue;
            var parts = entry.getKey().split("\\.");
            try (var statement = connection.createStatement()) {
                statement.execute("alter table " + parts[0] + " alter column " + parts[1]
                        + " set data type varchar(" + needed + ")");
            }
            widened.add(entry.getKey() + " " + declared + " -> " + needed);
        }
        return widened;
    }

    /** The declared {@code varchar} length of every listed column that exists, by {@code table.column}. */
    static Map<String, Integer> declaredLengths(Connection connection) throws SQLException {
        var meta = connection.getMetaData();
        var lengths = new LinkedHashMap<String, Integer>();
        for (var key : COLUMNS.keySet()) {
            var parts = key.split("\\.");
            try (var rows = meta.getColumns(null, connection.getSchema(), identifier(meta, parts[0]),
                    identifier(meta, parts[1]))) {
                if (rows.next()) lengths.put(key, rows.getInt("COLUMN_SIZE"));
            }
        }
        return lengths;
    }

    private static String identifier(java.sql.DatabaseMetaData meta, String name) throws SQLException {
        return meta.storesUpperCaseIdentifiers() ? name.toUpperCase(Locale.ROOT) : name.toLowerCase(Locale.ROOT);
    }

    @Override
    public MigrationVersion getVersion() {
        return null; // repeatable
    }

    @Override
    public String getDescription() {
        return "field limits";
    }

    @Override
    public Integer getChecksum() {
        var crc = new CRC32();
        COLUMNS.forEach((column, limit) -> crc.update((column + "=" + limit.columnLength() + ";")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        return (int) crc.getValue();
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws Exception {
        widen(context.getConnection());
    }
}
