package dev.parley.bootstrap;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * {@code run.properties} in the Parley home while a Parley process runs there (serve or console): its pid and the URL
 * of its listener, so that commands such as {@code parley backup} can reach the running store. Removed on a clean
 * stop; a file left by a crash names a process that no longer exists and is ignored.
 */
public record RunFile(long pid, String url) {
    static final String NAME = "run.properties";

    /** @param url where this process's listener answers, {@code http://host:port} */
    static void write(Path home, String url) {
        var properties = new Properties();
        properties.setProperty("pid", Long.toString(ProcessHandle.current().pid()));
        properties.setProperty("url", url);
        try (Writer out = Files.newBufferedWriter(home.resolve(NAME), StandardCharsets.UTF_8)) {
            properties.store(out, "written by the Parley process that runs on this home; removed when it stops");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write " + home.resolve(NAME), e);
        }
    }

    /** Removes the file if this process wrote it. */
    static void remove(Path home) {
        read(home).filter(f -> f.pid() == ProcessHandle.current().pid()).ifPresent(f -> {
            try {
                Files.deleteIfExists(home.resolve(NAME));
            } catch (IOException ignored) {
                // a stale file is ignored by readers anyway
            }
        });
    }

    /** The process running on {@code home}, if the file names one that is alive. */
    public static Optional<RunFile> running(Path home) {
        return read(home).filter(f -> ProcessHandle.of(f.pid()).map(ProcessHandle::isAlive).orElse(false));
    }

    private static Optional<RunFile> read(Path home) {
        var file = home.resolve(NAME);
        if (!Files.isRegularFile(file)) return Optional.empty();
        var properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
            return Optional.of(new RunFile(Long.parseLong(properties.getProperty("pid", "-1")),
                    properties.getProperty("url", "")));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }
}
