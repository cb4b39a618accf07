package dev.parley.adapter.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file written with {@link AtomicFiles} is always whole: the old content or the new, and owner-only. */
class AtomicFilesTest {
    @TempDir Path dir;

    @Test
    void aReaderNeverSeesAHalfWrittenFile() throws Exception {
        var file = dir.resolve("safety.json");
        // Large enough that a plain write is seen half-done by a concurrent reader within a few rounds.
        var a = "{\"rules\":\"" + "a".repeat(512 * 1024) + "\"}";
        var b = "{\"rules\":\"" + "b".repeat(256 * 1024) + "\"}";
        AtomicFiles.writeString(file, a);
        var stop = new AtomicBoolean();
        var torn = new AtomicReference<String>();
        var reads = new AtomicInteger();
        var reader = Thread.ofPlatform().start(() -> {
            while (!stop.get()) {
                try {
                    var seen = Files.readString(file);
                    reads.incrementAndGet();
                    if (!seen.equals(a) && !seen.equals(b)) torn.set("read " + seen.length() + " characters");
                } catch (IOException e) {
                    torn.set("unreadable: " + e);
                }
            }
        });
        for (int i = 0; i < 60; i++) {
            AtomicFiles.writeString(file, i % 2 == 0 ? b : a);
        }
        stop.set(true);
        reader.join();
        assertThat(reads.get()).isPositive();
        assertThat(torn.get()).isNull();
        try (var left = Files.list(dir)) {
            assertThat(left.toList()).containsExactly(file);
        }
    }

    @Test
    void theReplacementIsOwnerOnlyWhateverTheOldFileWas() throws IOException {
        var file = dir.resolve("console.properties");
        Files.writeString(file, "theme=dark\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        AtomicFiles.writeString(file, "theme=light\n");
        assertThat(Files.readString(file)).isEqualTo("theme=light\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }

    @Test
    void aFailedWriteKeepsTheOldFileAndLeavesNoTemporaryFile() throws IOException {
        var target = dir.resolve("opt_out_phrases.json");
        Files.createDirectory(target);
        Files.writeString(target.resolve("keep"), "x");
        assertThatThrownBy(() -> AtomicFiles.writeString(target, "{}")).isInstanceOf(IOException.class);
        assertThat(target.resolve("keep")).hasContent("x");
        try (var left = Files.list(dir)) {
            assertThat(left.toList()).containsExactly(target);
        }
    }
}
