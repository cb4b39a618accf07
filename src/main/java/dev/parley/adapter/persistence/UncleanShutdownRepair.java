package dev.parley.adapter.persistence;

import dev.parley.application.RedactedThrowable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Optional;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * After a crash of a process that had an H2 file store open, checks the store against itself before anything runs
 * ({@link StoreIntegrityCheck}: every index against its table, identities against their rows) and rebuilds what
 * disagrees. A marker file beside the database, created on open and removed on a clean close, tells a crash from a
 * clean stop.
 *
 * <p>Why: H2 can keep part of a transaction that was running when the process died (ADR 0001): Parley prevents that
 * with one writer at a time ({@link SingleWriter}), and this check makes sure a store that was written otherwise
 * (an older Parley, a custom URL) is whole before the pipeline trusts its indexes.
 */
final class UncleanShutdownRepair {
    private static final Logger LOG = LoggerFactory.getLogger(UncleanShutdownRepair.class);

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
                LOG.warn("the store was not closed cleanly last time: checking every index against its table");
                check(dataSource);
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

    private static void check(DataSource dataSource) {
        try (var connection = dataSource.getConnection()) {
            var report = StoreIntegrityCheck.run(connection);
            if (report.clean()) {
                LOG.info("store integrity: {} tables and {} indexes agree ({} ms)", report.tablesChecked(),
                        report.indexesChecked(), report.millis());
            } else {
                LOG.error("store integrity: {} tables and {} indexes checked in {} ms; rebuilt {}; identities reset {}",
                        report.tablesChecked(), report.indexesChecked(), report.millis(), report.rebuilt(),
                        report.identitiesReset());
            }
        } catch (SQLException e) {
            throw new IllegalStateException("checking the store failed: " + RedactedThrowable.describe(e), e);
        }
    }
}
