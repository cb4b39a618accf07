package dev.parley.adapter.cli;

import dev.parley.application.replay.ReplayEvent;
import dev.parley.application.replay.TranscriptLine;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Port from the command line into the composition root: what the CLI can start. */
public interface Launcher {

    /** Options of {@code parley serve}; nulls mean "from the configuration". */
    record ServeOptions(Path home, Integer port, String bind, boolean allowRemote, Map<String, String> settings) {
    }

    /** The Parley home: {@code given} when not null, else {@code $PARLEY_HOME}, else {@code ~/.parley}. */
    Path home(Path given);

    /** Runs Parley headless until the process is asked to stop. */
    void serve(ServeOptions options) throws InterruptedException;

    /** Runs Parley with the operator console; returns when the window is closed and everything has stopped. */
    void console(ServeOptions options);

    /** The API token of the Parley home (created on first use). */
    String token(Path home);

    /** Fills an empty store with a demo of {@code conversations} conversations; returns what was written. */
    Map<String, Object> demo(Path home, int conversations, int messagesPerConversation, long seed);

    /**
     * Imports a catalogue file ({@code name} decides the format: .csv or .json) into the home's store, or the
     * shipped demo catalogue when {@code name} is null; with {@code dryRun} only checks it. Throws
     * {@link dev.parley.application.catalog.CatalogFormatException} naming row and column of every problem.
     */
    Map<String, Object> importCatalog(Path home, String name, String content, boolean dryRun);

    /** The home's catalogue as {@code json} or {@code csv}, in the import format. */
    String exportCatalog(Path home, String format);

    /** Times the console's queries (store open, counts, first pages, detail) on the home's store. */
    Map<String, Object> benchConsole(Path home);

    /**
     * The assistant pipeline's own overhead per message (model time excluded), p50 / p99, on {@code store}
     * ({@code memory} or {@code h2}).
     */
    Map<String, Object> benchAssistant(int messages, String store);

    /**
     * {@code bench llm}: the assistant with a model that answers after {@code delayMillis}; {@code baseUrl} null for
     * the embedded endpoint.
     */
    Map<String, Object> benchLlm(long delayMillis, int conversations, int messages, int concurrency, String baseUrl,
                                 String model) throws Exception;

    /**
     * {@code runs} start-ups of {@code parley serve} as a child process on a fresh empty home: each one's ms from
     * launch to {@code /health} 200, p50 / max, and the phases the children logged.
     */
    default Map<String, Object> benchStartup(int runs) throws Exception {
        throw new UnsupportedOperationException("bench startup");
    }

    /** The buyer-sms playbook's own time per inbound message (offline agents), p50 / p99, over generated journeys. */
    default Map<String, Object> benchBuyer(int conversations, String store) {
        throw new UnsupportedOperationException("bench buyer");
    }

    /** Runs the ingest benchmark and returns its figures. */
    Map<String, Object> benchIngest(int messages, int clients) throws Exception;

    /**
     * Open-loop ingest at {@code rate} messages a second for {@code seconds}, after an untimed warm-up of
     * {@code warmUpSeconds} (0: none) at the same rate: latency to PROCESSED; every timed request's latencies also
     * written to {@code latencies} as CSV when it is not null.
     */
    Map<String, Object> benchIngestAtRate(double rate, double seconds, double warmUpSeconds,
                                          java.nio.file.Path latencies) throws Exception;

    /**
     * Ingest with each of {@code processes} {@code parley serve} processes on the PostgreSQL at {@code url} (password
     * from {@code PARLEY_DB_PASSWORD}), beside one process on H2 in the same run (docs/benchmarks.md).
     */
    Map<String, Object> benchIngestTeam(String url, String user, List<Integer> processes, int messages, int clients)
            throws Exception;

    /**
     * Options of a replay: {@code configDir} may be null; {@code model} is {@code offline}, {@code config} (the
     * model.* keys of the configuration) or {@code cassette:DIR}; {@code store} is {@code memory} (default) or
     * {@code h2}; {@code recordCassette} (may be null) records every model answer there.
     */
    record ReplayOptions(Path configDir, String model, String store, Path recordCassette) {
        public ReplayOptions(Path configDir, String model) {
            this(configDir, model, "memory", null);
        }

        public ReplayOptions(Path configDir, String model, String store) {
            this(configDir, model, store, null);
        }
    }

    /** Replays events in an isolated store on a virtual clock and returns the transcript. */
    List<TranscriptLine> replay(List<ReplayEvent> events, ReplayOptions options);

    /** A stored conversation of the Parley home as replay events (reads only). */
    List<ReplayEvent> exportConversation(Path home, long conversationId);

    /** Where re-running a stored conversation today differs from what is stored. */
    record Comparison(String conversation, String storedState, String replayedState, List<String> differences) {
    }

    Comparison compareConversation(Path home, long conversationId, ReplayOptions options);

    /**
     * Replays {@code conversations} generated conversations on {@code store} ({@code memory} or {@code h2}) and
     * returns events, seconds and events_per_s.
     */
    Map<String, Object> benchReplay(int conversations, int warmUp, String playbook, String store);

    /**
     * Times one context selection of the default strategy over a {@code lookback}-message window with every vector
     * stored, {@code selections} times, on {@code store} ({@code memory} or {@code h2}); and the embedder's
     * throughput. Returns p50, p99 and embeddings per second.
     */
    Map<String, Object> benchContext(int selections, int lookback, String store);

    /**
     * What {@code parley backup} wrote; {@code runningPid} is the pid of the Parley that took it while running, or -1
     * when the store was opened by the command itself.
     */
    record BackupResult(Path file, long bytes, long millis, long runningPid) {
    }

    /** A consistent copy of the home's H2 store into {@code out} (null: {@code HOME/backups/parley-<time>.zip}). */
    BackupResult backup(Path home, Path out);

    /**
     * Where the restored store now is, where the store it replaced was kept (null if there was none), and where that
     * store's receipt journal was moved aside (null if it had none).
     */
    record RestoreResult(Path store, Path previous, Path journal) {
    }

    /** Replaces the home's store with the one in {@code backup}; Parley must not be running on the home. */
    RestoreResult restore(Path home, Path backup);

    /** What {@code parley store copy} did; {@code mismatches} names the tables whose copy did not verify. */
    record StoreCopyResult(int tables, long copiedRows, boolean verified, List<String> mismatches, boolean resumed,
                           boolean replaced, long millis) {
    }

    /** The copy did not start (a target with data, the same store twice, a missing home): nothing changed. */
    final class StoreCopyRefused extends RuntimeException {
        public StoreCopyRefused(String message) {
            super(message);
        }
    }

    /**
     * Copies the store {@code from} (a jdbc:h2: URL or a Parley home) into {@code to} as {@code toUser} (password
     * from {@code PARLEY_DB_PASSWORD}), reporting each table to {@code progress}; see docs/team.md.
     */
    StoreCopyResult storeCopy(String from, String to, String toUser, boolean force,
                              java.util.function.Consumer<String> progress);
}
