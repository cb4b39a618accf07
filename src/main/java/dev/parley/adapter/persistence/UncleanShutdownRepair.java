package dev.parley.adapter.persistence;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * After a crash of a process that had an H2 file store open, rebuilds the indexes the pipeline is driven by.
 *
 * <p>Why: in our kill -9 test we saw, after H2's recovery, a committed RECEIVED inbox row that the status indexes
 * did not list: the worker never saw it and counts by status missed it, while a scan of the table had it. The
 * rows themselves were intact, so rebuilding the secondary indexes from them restores the queues. A marker file
 * beside the database, created on open and removed on a clean close, tells a crash from a clean stop.
 */
final class UncleanShutdownRepair {
    private static final Logger LOG = LoggerFactory.getLogger(UncleanShutdownRepair.class);

    /** Drop and create again, exactly as the migrations define them. */
    private static final List<String[]> QUEUE_INDEXES = List.of(
            new String[] {"ix_inbox_status_lane", "inbox (status, channel, conversation_key, id)"},
            new String[] {"ix_inbox_status_id", "inbox (status, id)"},
            new String[] {"ix_outbox_status_due", "outbox (status, next_attempt_at)"},
            new String[] {"ix_outbox_contact", "outbox (contact_id, status)"},
            new String[] {"ix_jobs_due", "scheduled_jobs (status, due_at)"},
            new String[] {"ix_jobs_conversation", "scheduled_jobs (conversation_id, status)"});

    private final Path marker;

    private UncleanShutdownRepair(Path marker) {
        this.marker = marker;
    }

    /** For an H2 file URL, the marker beside the database file; other stores need no repair. */
    static Optional<UncleanShutdownRepair> forUrl(String jdbcUrl) {
        var prefix = "jdbc:h2:file:";
        if (!jdbcUrl.startsWith(prefix)) return Optional.empty();
        var path = jdbcUrl.substring(prefix.length()).split(";", 2)[0];
        return Optional.of(new UncleanShutdownRepair(Path.of(path + ".open")));
    }

    /** Repairs when the last process did not close the store, then marks the store open. */
    void onOpen(DataSource dataSource) {
        try {
            if (Files.exists(marker)) {
                LOG.warn("the store was not closed cleanly last time: rebuilding the queue indexes");
                rebuild(dataSource);
            }
            Files.createDirectories(marker.toAbsolutePath().getParent());
            Files.writeString(marker, Long.toString(ProcessHandle.current().pid()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + marker, e);
        }
    }

    void onCleanClose() {
        try {
            Files.deleteIfExists(marker);
        } catch (IOException e) {
            LOG.warn("cannot remove {}: {}", marker.getFileName(), e.getClass().getSimpleName());
        }
    }

    private static void rebuild(DataSource dataSource) {
        long start = System.nanoTime();
        try (var connection = dataSource.getConnection(); var statement = connection.createStatement()) {
            for (var index : QUEUE_INDEXES) {
                statement.execute("drop index if exists " + index[0]);
                statement.execute("create index " + index[0] + " on " + index[1]);
            }
            connection.commit();
        } catch (SQLException e) {
            throw new IllegalStateException("rebuilding the queue indexes failed: " + e.getSQLState(), e);
        }
        LOG.warn("queue indexes rebuilt in {} ms", (System.nanoTime() - start) / 1_000_000);
    }
}
