package dev.parley.bootstrap.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/** A fresh temporary directory for one benchmark run, deleted with everything in it on close. */
public final class ScratchDirectory implements AutoCloseable {
    private final Path path;

    private ScratchDirectory(Path path) {
        this.path = path;
    }

    /** A new directory in the system's temp folder whose name starts with {@code prefix}. */
    public static ScratchDirectory create(String prefix) {
        try {
            return new ScratchDirectory(Files.createTempDirectory(prefix));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory for the benchmark", e);
        }
    }

    public Path path() {
        return path;
    }

    /** Deletes the directory; a file that cannot be deleted is left behind (harmless in the temp folder). */
    @Override
    public void close() {
        try (var files = Files.walk(path)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp dir left behind is harmless
        }
    }
}
