package dev.parley.testing;

import dev.parley.adapter.files.PrivateFiles;
import dev.parley.adapter.persistence.Database;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A new H2 file store for a test, as a copy of one that Flyway migrated once in this test JVM (per login), instead of
 * migrating every test's store from nothing. Migrating a new H2 file is mostly H2 writing the file again after each of
 * the migrations' statements (a hundred in the SQL scripts, plus the Java migrations; every one commits, with {@code
 * WRITE_DELAY=0}), one of the largest costs of the test JVM (docs/benchmarks.md, "The test suite"). The copy is the
 * same schema, closed cleanly: the test's {@link Database#open} finds nothing to migrate and goes on as on any
 * existing store. Migrating from nothing stays tested where a test opens its store itself ({@code DatabaseTest},
 * {@code SchemaLimitsTest}, ...), and here, once per JVM.
 */
public final class H2StoreTemplate {
    private static final String FILE = "jdbc:h2:file:";
    private static final Map<String, Path> TEMPLATES = new ConcurrentHashMap<>();

    private H2StoreTemplate() {
    }

    /**
     * For an H2 file URL whose store does not exist yet: puts a migrated empty store there, made with this
     * {@code user} and {@code password}. Any other URL, or a store that exists, is left as it is.
     */
    public static void seed(String jdbcUrl, String user, String password) {
        if (!jdbcUrl.startsWith(FILE)) return;
        var base = Path.of(jdbcUrl.substring(FILE.length()).split(";", 2)[0]).toAbsolutePath();
        var file = base.resolveSibling(base.getFileName() + ".mv.db");
        if (Files.exists(file)) return;
        var template = TEMPLATES.computeIfAbsent(user + "\u0000" + password, k -> migrated(user, password));
        try {
            PrivateFiles.directory(base.getParent());
            Files.copy(template, file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the store template to " + file, e);
        }
    }

    private static Path migrated(String user, String password) {
        try {
            var dir = Files.createTempDirectory("parley-store-template");
            var base = dir.resolve("parley");
            Database.open(FILE + base, user, password, 2).close();
            var file = dir.resolve("parley.mv.db");
            // deleted in the reverse order of registration: the file, then its folder
            dir.toFile().deleteOnExit();
            file.toFile().deleteOnExit();
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the store template", e);
        }
    }
}
