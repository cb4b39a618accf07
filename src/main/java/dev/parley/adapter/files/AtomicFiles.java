package dev.parley.adapter.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replaces a file whole or not at all, so a reader (or Parley after a crash or power loss) finds the old content or
 * the new, never half of either: the content goes to a temporary file beside the target, created {@code 0600}, is
 * forced to disk, then renamed over the target, and the directory is forced too. The replacement is {@code 0600}
 * whatever the old file's mode. Use it for every file Parley writes and later loads (configuration, console
 * settings, alert patterns, safety rules, profiles, reply templates).
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    public static void writeString(Path target, String content) throws IOException {
        write(target, content.getBytes(StandardCharsets.UTF_8));
    }

    public static void write(Path target, byte[] content) throws IOException {
        var dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        // Hidden and not matching any name Parley loads: a temporary file left by a crash is never read.
        var temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp", PrivateFiles.fileAttributes(dir));
        try {
            try (var channel = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                var buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) channel.write(buffer);
                channel.force(true);
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        forceDirectory(dir);
    }

    /** Makes the rename itself durable. Not every platform can open a directory (Windows cannot): then skipped. */
    private static void forceDirectory(Path dir) {
        try (var channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // the file is replaced; only its durability across a power loss is then up to the OS
        }
    }
}
