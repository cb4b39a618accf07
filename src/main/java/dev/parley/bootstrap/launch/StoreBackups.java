package dev.parley.bootstrap.launch;

import dev.parley.adapter.cli.Launcher.BackupResult;
import dev.parley.adapter.http.AdminRoutes;
import dev.parley.adapter.cli.Launcher.RestoreResult;
import dev.parley.adapter.persistence.Database;
import dev.parley.adapter.persistence.H2OnlineBackup;
import dev.parley.application.JsonMappers;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.bootstrap.ParleyConfig;
import dev.parley.bootstrap.RunFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipFile;
import javax.sql.DataSource;

/**
 * {@code parley backup} and {@code parley restore} for the H2 file store (docs/installers.md, "Back up and
 * restore"). A backup is H2's online {@code BACKUP TO}: through the running Parley when one runs on the home (asked
 * over its operator API, since the store's file is locked by that process), else on the store opened here.
 */
final class StoreBackups {
    private StoreBackups() {
    }

    static BackupResult backup(Path home, Path out, Clock clock) {
        var config = existingHome(home);
        var url = h2Url(config);
        if (out != null && Files.exists(out)) throw new BackupException(2, out + " exists already; not overwritten");
        var running = RunFile.running(home);
        if (running.isPresent()) {
            var made = throughRunningParley(running.get(), config.get(ConfigKey.API_TOKEN));
            var file = made.file();
            if (out != null) file = move(file, out);
            return new BackupResult(file, made.bytes(), made.millis(), running.get().pid());
        }
        var file = out != null ? out : home.resolve("backups").resolve(AdminRoutes.backupFileName(clock.instant()));
        var result = withStore(url + ";IFEXISTS=TRUE", config, dataSource -> new H2OnlineBackup(dataSource).backupTo(file));
        return new BackupResult(result.file(), result.bytes(), result.millis(), -1);
    }

    static RestoreResult restore(Path home, Path backup, Clock clock) {
        var config = existingHome(home);
        var url = h2Url(config);
        var running = RunFile.running(home);
        if (running.isPresent()) {
            throw new BackupException(2, "Parley is running on " + home + " (pid " + running.get().pid()
                    + "): stop it first");
        }
        if (!Files.isRegularFile(backup)) throw new BackupException(2, backup + ": no such file");
        var store = Path.of(url.substring("jdbc:h2:file:".length()).split(";", 2)[0] + ".mv.db");
        var entryName = store.getFileName().toString();
        var staging = store.resolveSibling("restore-" + System.nanoTime());
        try {
            Files.createDirectories(staging);
            var restored = staging.resolve(entryName);
            try (var zip = new ZipFile(backup.toFile())) {
                var entry = zip.getEntry(entryName);
                if (entry == null) {
                    throw new BackupException(2, backup + " is not a backup of this store (no " + entryName + " in it)");
                }
                try (var in = zip.getInputStream(entry)) {
                    Files.copy(in, restored);
                }
            } catch (java.util.zip.ZipException e) {
                throw new BackupException(2, backup + " is not a zip file: " + e.getMessage());
            }
            // opened once where it stands: checked, and migrated to this version's schema
            var stagedUrl = "jdbc:h2:file:" + staging.resolve(entryName.replaceFirst("\\.mv\\.db$", ""))
                    .toAbsolutePath() + ";IFEXISTS=TRUE";
            try (var database = Database.open(stagedUrl, config.get(ConfigKey.DB_USER),
                    config.get(ConfigKey.DB_PASSWORD), 2)) {
                // Flyway migrated it and Hibernate validated it: this Parley can run on it
            } catch (RuntimeException e) {
                throw new BackupException(2, backup + " does not open as a Parley store: " + rootMessage(e));
            }
            var suffix = ".before-restore-"
                    + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(clock.instant());
            Path previous = null;
            if (Files.exists(store)) {
                previous = store.resolveSibling(entryName + suffix);
                Files.move(store, previous);
            }
            // The replaced store's receipt journal must never put its receipts into the restored store: kept aside.
            var baseName = entryName.replaceFirst("\\.mv\\.db$", "");
            Path journal = null;
            for (var name : List.of(baseName + ".receipts", baseName + ".receipts.1")) {
                var file = store.resolveSibling(name);
                if (!Files.exists(file)) continue;
                var aside = store.resolveSibling(name + suffix);
                Files.move(file, aside);
                if (journal == null) journal = aside;
            }
            Files.move(restored, store);
            Files.deleteIfExists(store.resolveSibling(entryName + ".open"));
            return new RestoreResult(store, previous, journal);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            deleteTree(staging);
        }
    }

    private static ParleyConfig existingHome(Path home) {
        if (!Files.isRegularFile(home.resolve("parley.properties"))) {
            throw new BackupException(2, "no Parley home at " + home + " (no parley.properties)");
        }
        return ParleyConfig.load(home, System.getenv(), Map.of(), new SecureRandom());
    }

    private static String h2Url(ParleyConfig config) {
        var url = config.get(ConfigKey.DB_URL);
        if (!H2OnlineBackup.supports(url)) {
            throw new BackupException(2, "the store is not an H2 file (db.url=" + url.replaceAll(";.*", "")
                    + "): back it up with the database's own tools (pg_dump for PostgreSQL)");
        }
        return url;
    }

    private static H2Made throughRunningParley(RunFile running, String token) {
        var request = HttpRequest.newBuilder(URI.create(running.url() + "/api/admin/backup"))
                .header("Authorization", "Bearer " + token).timeout(Duration.ofMinutes(10))
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        try (var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            var response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 201) {
                throw new BackupException(1, "the running Parley (pid " + running.pid() + ") answered "
                        + response.statusCode() + ": " + response.body());
            }
            var json = JsonMappers.PLAIN.readTree(response.body());
            return new H2Made(Path.of(json.get("file").asText()), json.get("bytes").asLong(), json.get("millis").asLong());
        } catch (IOException e) {
            throw new BackupException(1, "cannot reach the running Parley (pid " + running.pid() + ") at "
                    + running.url() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BackupException(1, "interrupted");
        }
    }

    private record H2Made(Path file, long bytes, long millis) {
    }

    private static <T> T withStore(String url, ParleyConfig config, java.util.function.Function<DataSource, T> work) {
        var dataSource = new org.h2.jdbcx.JdbcDataSource();
        dataSource.setURL(url);
        dataSource.setUser(config.get(ConfigKey.DB_USER));
        dataSource.setPassword(config.get(ConfigKey.DB_PASSWORD));
        try (var probe = DriverManager.getConnection(url, config.get(ConfigKey.DB_USER), config.get(ConfigKey.DB_PASSWORD))) {
            // holds the store open (and so locked) while the backup runs on the data source's own connections
            return work.apply(dataSource);
        } catch (SQLException e) {
            throw new BackupException(2, "cannot open the store (" + e.getMessage().lines().findFirst().orElse("")
                    + "); is another program using it?");
        }
    }

    private static Path move(Path from, Path to) {
        try {
            var parent = to.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            return Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (java.nio.file.AtomicMoveNotSupportedException e) {
            try {
                Files.copy(from, to);
                Files.delete(from);
                return to;
            } catch (IOException copy) {
                throw new UncheckedIOException(copy);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String rootMessage(Throwable e) {
        while (e.getCause() != null) e = e.getCause();
        var message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().findFirst().orElse(message);
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) return;
        try (var paths = Files.walk(root)) {
            for (var p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a leftover staging directory holds nothing the store needs
        }
    }

    /** A backup or restore that cannot be done; {@code exitCode} 2 for bad input, 1 for a failure underway. */
    static final class BackupException extends RuntimeException {
        final int exitCode;

        BackupException(int exitCode, String message) {
            super(message);
            this.exitCode = exitCode;
        }
    }
}
