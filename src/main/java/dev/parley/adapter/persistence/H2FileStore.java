package dev.parley.adapter.persistence;

import dev.parley.adapter.files.PrivateFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How Parley opens an H2 database (docs/security.md; the store itself: docs/decisions/0001-h2-file-store.md). Five
 * settings are added to every H2 URL that does not set them: {@code WRITE_DELAY=0}, because a webhook is acknowledged
 * only once its commit is in the file (ADR 0001), and H2's own default (500 ms) would let a crash lose receipts that
 * were acknowledged; {@code QUERY_CACHE_SIZE} and {@code CACHE_SIZE} (below); {@code TRACE_LEVEL_FILE=0}, because H2's trace file records
 * failed statements with the values they carried (phone numbers, message text); and {@code DB_CLOSE_ON_EXIT=FALSE},
 * because H2's own shutdown hook would close the store while Parley's listener and workers still use it: Parley's
 * shutdown hook closes them first, then the store. For a file store, the directory is made {@code 0700} before H2 creates anything in it, its files
 * {@code 0600}, and a trace file left by an earlier version is removed.
 */
final class H2FileStore {
    private static final Logger LOG = LoggerFactory.getLogger(H2FileStore.class);
    private static final String H2 = "jdbc:h2:";
    private static final String FILE = "jdbc:h2:file:";
    /**
     * Parsed statements each H2 session keeps for reuse (H2's default is 8). A pooled connection serves receipts,
     * the dispatcher and processing, which between them run well over eight distinct statements (the claim, the
     * screen's reads, the decision record, the message, the timeline, the console's read model, ...), so with 8 they
     * pushed each other out and were parsed again every time: H2's parser showed in the processing transaction's
     * profile at a steady load (issue 8; docs/benchmarks.md, "bench ingest at a steady rate").
     */
    static final int QUERY_CACHE_SIZE = 64;
    /**
     * H2's page cache, in KB (H2's default is 16 MB). Every commit puts the pages it has just written into this cache,
     * so at a steady load the cache's newest pages were most of what survived each young collection: a smaller cache
     * means fewer survivors and shorter young pauses (issue 8; docs/benchmarks.md, "bench ingest at a steady rate").
     * Reads miss the smaller cache more often, but they are served from the file, which the operating system keeps in
     * memory: the console's queries on the 100,000-conversation demo store took as long with it as without
     * (docs/benchmarks.md, "bench console").
     */
    static final int CACHE_SIZE_KB = 4096;

    private final Path base;

    private H2FileStore(Path base) {
        this.base = base;
    }

    /** The URL Parley opens: {@code url} with the five settings added when it is an H2 URL that lacks them. */
    static String url(String url) {
        if (!url.startsWith(H2)) return url;
        var result = url;
        if (!hasSetting(url, "WRITE_DELAY")) {
            result += ";WRITE_DELAY=0";
        } else if (!url.toUpperCase(Locale.ROOT).contains(";WRITE_DELAY=0;") && !url.toUpperCase(Locale.ROOT)
                .endsWith(";WRITE_DELAY=0")) {
            LOG.warn("db.url sets H2's WRITE_DELAY above 0: a crash can lose webhooks that were already acknowledged "
                    + "(ADR 0001)");
        }
        if (!hasSetting(url, "TRACE_LEVEL_FILE")) result += ";TRACE_LEVEL_FILE=0";
        if (!hasSetting(url, "DB_CLOSE_ON_EXIT")) result += ";DB_CLOSE_ON_EXIT=FALSE";
        if (!hasSetting(url, "QUERY_CACHE_SIZE")) result += ";QUERY_CACHE_SIZE=" + QUERY_CACHE_SIZE;
        if (!hasSetting(url, "CACHE_SIZE")) result += ";CACHE_SIZE=" + CACHE_SIZE_KB;
        return result;
    }

    private static boolean hasSetting(String url, String name) {
        return url.toUpperCase(Locale.ROOT).contains(";" + name + "=");
    }

    /** For an H2 file URL, its files; other stores have none here. */
    static Optional<H2FileStore> forUrl(String url) {
        if (!url.startsWith(FILE)) return Optional.empty();
        return Optional.of(new H2FileStore(Path.of(url.substring(FILE.length()).split(";", 2)[0]).toAbsolutePath()));
    }

    /** The receipt journal beside the database file ({@code <name>.receipts}, ADR 0001). */
    FileReceiptJournal receiptJournal() {
        return FileReceiptJournal.besideStore(base);
    }

    /** Before H2 opens the file: a private directory, and no trace file of an earlier version left in it. */
    void beforeOpen() {
        try {
            PrivateFiles.directory(base.getParent());
            if (Files.deleteIfExists(sibling(".trace.db"))) {
                LOG.info("removed H2's trace file {} (it could hold message content)", sibling(".trace.db"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the store directory " + base.getParent(), e);
        }
    }

    /** After opening: every file of this store {@code 0600} (stores created before Parley made them so). */
    void afterOpen() {
        var prefix = base.getFileName() + ".";
        try (var files = Files.list(base.getParent())) {
            for (var file : files.filter(f -> f.getFileName().toString().startsWith(prefix)).toList()) {
                PrivateFiles.restrict(file);
            }
        } catch (IOException e) {
            LOG.warn("cannot make the store's files private: {}", e.getClass().getSimpleName());
        }
    }

    private Path sibling(String suffix) {
        return base.resolveSibling(base.getFileName() + suffix);
    }
}
