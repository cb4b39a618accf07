package dev.parley.adapter.persistence;

import dev.parley.application.store.StoreBackup;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * H2's {@code BACKUP TO}, through a connection of the running store: H2 flushes the store, then copies the file while
 * keeping the chunks it copies from being reused, so the zip holds the store as of that flush: every committed
 * transaction up to it and nothing half-written (an open transaction is rolled back when the copy is opened). Writers
 * are not blocked while it runs. See docs/installers.md, "Back up and restore".
 */
public final class H2OnlineBackup implements StoreBackup {
    private final DataSource dataSource;

    public H2OnlineBackup(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** The store of {@code jdbcUrl} can be backed up this way only when it is an H2 file. */
    public static boolean supports(String jdbcUrl) {
        return jdbcUrl.startsWith("jdbc:h2:file:");
    }

    @Override
    public Result backupTo(Path file) {
        long started = System.nanoTime();
        if (Files.exists(file)) throw new IllegalArgumentException(file + " exists already");
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + file.toAbsolutePath().getParent(), e);
        }
        try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement("BACKUP TO ?")) {
            statement.setString(1, file.toAbsolutePath().toString());
            statement.executeUpdate();
            if (!connection.getAutoCommit()) connection.commit();
            return new Result(file, Files.size(file), (System.nanoTime() - started) / 1_000_000);
        } catch (SQLException e) {
            throw new IllegalStateException("BACKUP TO failed: " + e.getSQLState(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
