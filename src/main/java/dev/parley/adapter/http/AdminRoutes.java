package dev.parley.adapter.http;

import dev.parley.application.store.StoreBackup;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * {@code POST /api/admin/backup} (bearer token): a consistent copy of the running store into the home's
 * {@code backups/} directory, under a name Parley chooses (a caller cannot make Parley write anywhere else).
 * {@code parley backup} uses it when Parley is running.
 */
public final class AdminRoutes {
    private static final DateTimeFormatter NAME = DateTimeFormatter.ofPattern("'parley-'yyyyMMdd-HHmmss-SSS'.zip'")
            .withZone(ZoneOffset.UTC);
    private final StoreBackup backup;
    private final Path directory;
    private final Clock clock;

    public AdminRoutes(StoreBackup backup, Path directory, Clock clock) {
        this.backup = backup;
        this.directory = directory;
        this.clock = clock;
    }

    /** {@code parley-<yyyyMMdd-HHmmss-SSS>.zip} (UTC): the name of every backup Parley names itself. */
    public static String backupFileName(java.time.Instant at) {
        return NAME.format(at);
    }

    public List<Route> routes() {
        return List.of(Route.api("POST", "/api/admin/backup", r -> {
            var result = backup.backupTo(directory.resolve(backupFileName(clock.instant())));
            var body = new LinkedHashMap<String, Object>();
            body.put("file", result.file().toAbsolutePath().toString());
            body.put("bytes", result.bytes());
            body.put("millis", result.millis());
            return HttpResponse.json(201, body);
        }));
    }
}
