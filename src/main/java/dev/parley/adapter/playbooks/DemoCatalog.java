package dev.parley.adapter.playbooks;

import dev.parley.application.catalog.CatalogFiles;
import dev.parley.application.catalog.CatalogItem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The demo catalogue shipped in the jar ({@code catalog/demo.json}: the properties of seed 003's conversations and
 * others), and a directory's own catalogue ({@code catalog.json} or {@code catalog.csv}) when it has one.
 */
public final class DemoCatalog {
    public static final String RESOURCE = "catalog/demo.json";

    private DemoCatalog() {
    }

    public static List<CatalogItem> items() {
        try (var in = DemoCatalog.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException("missing resource " + RESOURCE);
            return CatalogFiles.parseJson("demo.json", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code dir/catalog.json} or {@code dir/catalog.csv}, if either exists (both: an error). */
    public static Optional<Path> in(Path dir) {
        if (dir == null) return Optional.empty();
        var json = dir.resolve("catalog.json");
        var csv = dir.resolve("catalog.csv");
        if (Files.isRegularFile(json) && Files.isRegularFile(csv)) {
            throw new IllegalArgumentException(dir + " holds both catalog.json and catalog.csv; keep one");
        }
        if (Files.isRegularFile(json)) return Optional.of(json);
        if (Files.isRegularFile(csv)) return Optional.of(csv);
        return Optional.empty();
    }

    public static List<CatalogItem> read(Path file) {
        try {
            return CatalogFiles.parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
