package dev.parley.adapter.cli;

import java.nio.file.Path;
import java.util.Map;

/** Port from the command line into the composition root: what the CLI can start. */
public interface Launcher {

    /** Options of {@code parley serve}; nulls mean "from the configuration". */
    record ServeOptions(Path home, Integer port, String bind, boolean allowRemote, Map<String, String> settings) {
    }

    /** Runs Parley headless until the process is asked to stop. */
    void serve(ServeOptions options) throws InterruptedException;

    /** Runs Parley with the operator console; returns when the window is closed and everything has stopped. */
    void console(ServeOptions options);

    /** The API token of the Parley home (created on first use). */
    String token(Path home);

    /** Fills an empty store with a demo of {@code conversations} conversations; returns what was written. */
    Map<String, Object> demo(Path home, int conversations, int messagesPerConversation, long seed);

    /** Times the console's queries (store open, counts, first pages, detail) on the home's store. */
    Map<String, Object> benchConsole(Path home);

    /** Runs the ingest benchmark and returns its figures. */
    Map<String, Object> benchIngest(int messages, int clients);
}
