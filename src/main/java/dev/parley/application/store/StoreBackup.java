package dev.parley.application.store;

import java.nio.file.Path;

/** Port: a consistent copy of the store into one file, taken while Parley keeps running. */
public interface StoreBackup {

    /** What a backup wrote: the file, its size, and how long it took. */
    record Result(Path file, long bytes, long millis) {
    }

    /** Writes the copy to {@code file} (which must not exist yet). */
    Result backupTo(Path file);
}
