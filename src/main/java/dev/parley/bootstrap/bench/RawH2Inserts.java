package dev.parley.bootstrap.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import org.flywaydb.core.Flyway;

/**
 * The floor cost of durable ingest: one JDBC insert of an inbox-shaped row per transaction, on one connection,
 * into a fresh H2 file with {@code WRITE_DELAY=0} and Parley's own schema (same table, constraint and index).
 */
final class RawH2Inserts {
    private static final String INSERT = "insert into inbox (channel, provider_id, conversation_key, sender, recipient,"
            + " text, sent_at, payload, status, attempts, received_at, next_attempt_at)"
            + " values (?, ?, ?, ?, ?, ?, ?, ?, 'RECEIVED', 0, ?, ?)";

    private RawH2Inserts() {
    }

    /** Inserts {@code warmUp} rows untimed, then {@code rows} timed; returns rows per second of the timed part. */
    static double rowsPerSecond(Path dir, int warmUp, int rows) throws SQLException {
        var url = "jdbc:h2:file:" + dir.toAbsolutePath().resolve("raw") + ";WRITE_DELAY=0";
        Flyway.configure().dataSource(url, "sa", "").locations("classpath:db/migration").load().migrate();
        try (var c = DriverManager.getConnection(url, "sa", "")) {
            c.setAutoCommit(false);
            insert(c, "warm", warmUp);
            long start = System.nanoTime();
            insert(c, "timed", rows);
            return rows / ((System.nanoTime() - start) / 1e9);
        }
    }

    private static void insert(Connection c, String batch, int rows) throws SQLException {
        try (var insert = c.prepareStatement(INSERT)) {
            for (int i = 0; i < rows; i++) {
                var now = Timestamp.from(Instant.now());
                var id = BenchMessages.providerId(batch, i);
                insert.setString(1, "sms");
                insert.setString(2, id);
                insert.setString(3, "bench-conv-" + (i % BenchMessages.CONVERSATIONS));
                insert.setString(4, "+1555000" + (i % BenchMessages.CONVERSATIONS));
                insert.setString(5, null);
                insert.setString(6, "benchmark message " + i + " with a few words of ordinary length");
                insert.setTimestamp(7, now);
                insert.setString(8, "{\"id\":\"" + id + "\",\"channel\":\"sms\",\"text\":\"benchmark message\"}");
                insert.setTimestamp(9, now);
                insert.setTimestamp(10, now);
                insert.executeUpdate();
                c.commit();
            }
        }
    }
}
