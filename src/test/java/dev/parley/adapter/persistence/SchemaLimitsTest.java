package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.limit.FieldLimit;
import dev.parley.domain.message.InboundMessage;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The schema holds every value {@link FieldLimit} admits, and the repeatable migration keeps it so. */
class SchemaLimitsTest {
    @TempDir Path dir;

    Database open(String name) {
        return Database.open("jdbc:h2:file:" + dir.resolve(name) + ";WRITE_DELAY=0", "sa", "", 2);
    }

    @Test
    void everyLimitedColumnOfTheMigratedSchemaHoldsItsLimit() throws SQLException {
        try (var db = open("fresh"); var connection = db.dataSource().getConnection()) {
            var lengths = SchemaLimits.declaredLengths(connection);
            assertThat(lengths.keySet()).containsExactlyElementsOf(SchemaLimits.COLUMNS.keySet());
            SchemaLimits.COLUMNS.forEach((column, limit) -> assertThat(lengths.get(column)).as(column)
                    .isGreaterThanOrEqualTo(limit.columnLength()));
            assertThat(SchemaLimits.widen(connection)).as("nothing left to widen").isEmpty();
        }
    }

    @Test
    void aColumnNarrowerThanItsLimitIsWidenedKeepingItsRowsAndConstraints() throws SQLException {
        var now = Instant.parse("2026-01-01T00:00:00Z");
        try (var db = open("narrow")) {
            db.transactions().inTransaction(s -> s.inbox().insertIfAbsent(new InboundMessage("sms", "SM1", "+1555",
                    "+1555", null, "hi", null, now, null, null), "{}", now));
            try (Connection connection = db.dataSource().getConnection()) {
                try (var statement = connection.createStatement()) {
                    statement.execute("alter table inbox alter column sender set data type varchar(20)");
                }
                assertThat(SchemaLimits.declaredLengths(connection)).containsEntry("inbox.sender", 20);

                assertThat(SchemaLimits.widen(connection)).containsExactly("inbox.sender 20 -> 255");
                connection.commit();

                assertThat(SchemaLimits.declaredLengths(connection)).containsEntry("inbox.sender", 255);
                try (var rows = connection.getMetaData().getColumns(null, connection.getSchema(), "INBOX",
                        "SENDER")) {
                    rows.next();
                    assertThat(rows.getString("IS_NULLABLE")).as("still not null").isEqualTo("NO");
                }
            }
            var sender = "+1" + "5".repeat(FieldLimit.ADDRESS.max() - 2);
            var stored = db.transactions().inTransaction(s -> s.inbox().insertIfAbsent(new InboundMessage("sms",
                    "SM2", sender, sender, null, "hi", null, now, null, null), "{}", now));
            assertThat(stored.duplicate()).isFalse();
            assertThat(db.transactions().inTransaction(s -> s.inbox().countByStatus()).values().stream()
                    .mapToLong(Long::longValue).sum()).isEqualTo(2);
        }
    }

    @Test
    void flywayRunsTheMigrationAgainAtOpenWhenTheTableOfLimitsChanged() throws SQLException {
        try (var db = open("changed"); var connection = db.dataSource().getConnection();
             var statement = connection.createStatement()) {
            statement.execute("alter table contacts alter column display_name set data type varchar(10)");
            // What a release with another table of limits looks like to Flyway: the recorded checksum differs.
            statement.execute("update \"flyway_schema_history\" set \"checksum\" = 1 where \"description\" = '"
                    + new SchemaLimits().getDescription() + "'");
            connection.commit();
        }
        try (var db = open("changed"); var connection = db.dataSource().getConnection()) {
            assertThat(SchemaLimits.declaredLengths(connection)).containsEntry("contacts.display_name",
                    FieldLimit.DISPLAY_NAME.columnLength());
        }
    }
}
