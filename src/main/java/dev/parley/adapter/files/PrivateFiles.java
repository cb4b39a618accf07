package dev.parley.adapter.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Set;

/**
 * Parley's files are its owner's alone: directories {@code 0700}, files {@code 0600}. They hold message text, phone
 * numbers and secrets. On a file system without POSIX permissions (Windows) these calls change nothing.
 */
public final class PrivateFiles {
    public static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    public static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private PrivateFiles() {
    }

    /**
     * Makes {@code dir} a private directory: creates it and any missing parent {@code 0700} (so no file in it is
     * ever readable by others, not even for an instant), and tightens it to {@code 0700} if it exists.
     *
     * @throws IOException when it cannot be created, or exists and its permissions cannot be changed
     */
    public static Path directory(Path dir) throws IOException {
        var missing = new ArrayDeque<Path>();
        for (var p = dir.toAbsolutePath(); p != null && Files.notExists(p); p = p.getParent()) {
            missing.push(p);
        }
        for (var p : missing) {
            if (posix(p.getParent())) {
                Files.createDirectory(p, PosixFilePermissions.asFileAttribute(DIRECTORY));
            } else {
                Files.createDirectory(p);
            }
        }
        if (posix(dir) && !Files.getPosixFilePermissions(dir).equals(DIRECTORY)) {
            Files.setPosixFilePermissions(dir, DIRECTORY);
        }
        return dir;
    }

    /** Sets an existing file to {@code 0600}. */
    public static void restrict(Path file) throws IOException {
        if (posix(file) && !Files.getPosixFilePermissions(file).equals(FILE)) {
            Files.setPosixFilePermissions(file, FILE);
        }
    }

    /** The attribute that creates a file {@code 0600} in {@code dir}, or none where there are no POSIX permissions. */
    public static FileAttribute<?>[] fileAttributes(Path dir) throws IOException {
        return posix(dir) ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(FILE)}
                : new FileAttribute<?>[0];
    }

    private static boolean posix(Path path) throws IOException {
        return path != null && Files.getFileStore(Files.exists(path) ? path : path.toAbsolutePath().getParent())
                .supportsFileAttributeView("posix");
    }
}
