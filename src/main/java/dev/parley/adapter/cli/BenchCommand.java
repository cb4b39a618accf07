package dev.parley.adapter.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.parley.application.JsonMappers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code parley bench …}: reproducible measurements (docs/benchmarks.md). */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Run a benchmark and print JSON.",
        subcommands = {BenchCommand.Ingest.class, BenchCommand.Replay.class, BenchCommand.Console.class,
                BenchCommand.Assistant.class, BenchAlertsCommand.class, BenchCommand.Context.class,
                BenchCommand.Buyer.class, BenchValidateCommand.class, BenchEmbeddersCommand.class,
                BenchCommand.Llm.class, BenchCommand.Startup.class})
final class BenchCommand implements Runnable {
    @ParentCommand ParleyCommand parent;
    @Spec CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Prints a benchmark's result as one JSON line; the command's exit code. */
    static int print(CommandSpec spec, Object result) throws JsonProcessingException {
        spec.commandLine().getOut().println(JsonMappers.PLAIN.writeValueAsString(result));
        return 0;
    }

    /** Refuses an output file the run could not write at its end, before the run (not after a minute's work). */
    static void refuseUnwritable(CommandSpec spec, Path file) {
        var absolute = file.toAbsolutePath();
        var folder = absolute.getParent();
        if (Files.isDirectory(absolute)) throw refuse(spec, file + ": is a folder, not a file");
        if (folder == null || !Files.isDirectory(folder)) throw refuse(spec, file + ": its folder does not exist");
        if (!Files.isWritable(folder) || (Files.exists(absolute) && !Files.isWritable(absolute))) {
            throw refuse(spec, file + ": not writable");
        }
    }

    /** A bad option value: picocli prints the message with the usage and exits 2. */
    static ParameterException refuse(CommandSpec spec, String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** {@code --store} of the benchmarks that run on a store of their own: memory or h2. */
    static void requireStore(CommandSpec spec, String store) {
        if (!store.equals("memory") && !store.equals("h2")) throw refuse(spec, "--store must be memory or h2");
    }

    @Command(name = "ingest", mixinStandardHelpOptions = true,
            description = {"Raw H2 inserts vs signed HTTP -> PROCESSED vs a bare Jetty server (saturation).",
                    "With --rate: N signed webhooks a second for --seconds (open loop), after an untimed --warm-up;",
                    "  latency to PROCESSED.",
                    "With --db: 1, 2, 3 (--processes) parley serve processes on one PostgreSQL vs one on H2.",
                    "  The password is read from PARLEY_DB_PASSWORD; each run creates and drops a database",
                    "  next to the one named (the login needs CREATEDB); see docs/team.md."})
    static final class Ingest implements Callable<Integer> {
        @ParentCommand BenchCommand bench;
        @Spec CommandSpec spec;

        @Option(names = "--messages", paramLabel = "N", defaultValue = "5000", description = "messages (default 5000)")
        int messages;

        @Option(names = "--clients", paramLabel = "N", defaultValue = "16", description = "concurrent clients")
        int clients;

        @Option(names = "--rate", paramLabel = "N",
                description = "messages per second, open loop (instead of --messages/--clients)")
        Double rate;

        @Option(names = "--seconds", paramLabel = "S", defaultValue = "30",
                description = "with --rate: how long to send (default 30)")
        double seconds;

        @Option(names = "--warm-up", paramLabel = "S",
                description = "with --rate: untimed warm-up at the same rate before it, 0 to 3600 s"
                        + " (default 5, or --seconds if shorter)")
        Double warmUp;

        @Option(names = "--latencies", paramLabel = "FILE",
                description = "with --rate: also write every timed request's latencies to FILE (CSV, send order)")
        Path latencies;

        @Option(names = "--db", paramLabel = "URL",
                description = "PostgreSQL JDBC URL: run parley serve processes on it (team mode) beside one on H2")
        String db;

        @Option(names = "--db-user", paramLabel = "USER", defaultValue = "parley",
                description = "with --db: the login (default parley; password from PARLEY_DB_PASSWORD)")
        String dbUser;

        @Option(names = "--processes", paramLabel = "N[,N...]", split = ",", defaultValue = "1,2,3",
                description = "with --db: process counts to run, one after another (default 1,2,3)")
        java.util.List<Integer> processes;

        @Override
        public Integer call() throws Exception {
            var line = spec.commandLine().getParseResult();
            if (db == null && (line.hasMatchedOption("--db-user") || line.hasMatchedOption("--processes"))) {
                throw refuse(spec, "--processes and --db-user need --db");
            }
            if (db != null) {
                if (rate != null || warmUp != null || latencies != null) {
                    throw refuse(spec, "--db runs closed loop: --rate and --seconds do not apply, nor --warm-up"
                            + " or --latencies");
                }
                if (!db.startsWith("jdbc:postgresql://")) {
                    throw refuse(spec, "--db must be a PostgreSQL JDBC URL (jdbc:postgresql://host:port/database):"
                            + " H2 is measured beside it, one process (it cannot be shared)");
                }
                if (processes.isEmpty() || processes.stream().anyMatch(n -> n == null || n < 1 || n > 16)) {
                    throw refuse(spec, "--processes takes counts from 1 to 16, for example 1,2,3");
                }
                if (messages < 1 || clients < 1) {
                    throw refuse(spec, "--messages and --clients must be >= 1");
                }
                var result = bench.parent.launcher().benchIngestTeam(db, dbUser, processes, messages, clients);
                return print(spec, result);
            }
            if (rate != null) {
                if (line.hasMatchedOption("--messages") || line.hasMatchedOption("--clients")) {
                    throw refuse(spec, "--rate runs open loop: --messages and --clients do not apply");
                }
                if (!(rate > 0 && rate <= 100_000) || !(seconds >= 1 && seconds <= 3600)) {
                    throw refuse(spec, "--rate must be > 0 (at most 100000) and --seconds from 1 to 3600");
                }
                if (warmUp != null && !(warmUp >= 0 && warmUp <= 3600)) {
                    throw refuse(spec, "--warm-up must be from 0 to 3600 (seconds)");
                }
                if (latencies != null) refuseUnwritable(spec, latencies);
                double warmUpSeconds = warmUp != null ? warmUp : Math.min(5, seconds);
                var result = bench.parent.launcher().benchIngestAtRate(rate, seconds, warmUpSeconds, latencies);
                return print(spec, result);
            }
            if (line.hasMatchedOption("--seconds") || warmUp != null || latencies != null) {
                throw refuse(spec, "--seconds, --warm-up and --latencies need --rate");
            }
            if (messages < 1 || clients < 1) {
                throw refuse(spec, "--messages and --clients must be >= 1");
            }
            var result = bench.parent.launcher().benchIngest(messages, clients);
            return print(spec, result);
        }
    }

    @Command(name = "replay", mixinStandardHelpOptions = true,
            description = "Replay generated conversations (~10 events each) on a virtual clock, offline.")
    static final class Replay implements Callable<Integer> {
        @ParentCommand BenchCommand bench;
        @Spec CommandSpec spec;

        @Option(names = "--conversations", paramLabel = "N", defaultValue = "1000",
                description = "conversations (default 1000)")
        int conversations;

        @Option(names = "--warm-up", paramLabel = "N", defaultValue = "1000",
                description = "conversations replayed untimed first (default 1000; 0 = none)")
        int warmUp;

        @Option(names = "--playbook", paramLabel = "NAME", description = "playbook (default: the default playbook)")
        String playbook;

        @Option(names = "--store", paramLabel = "memory|h2", defaultValue = "memory",
                description = "store of the replay: memory (default) or h2 (in-memory H2)")
        String store;

        @Override
        public Integer call() throws Exception {
            if (conversations < 1) {
                throw refuse(spec, "--conversations must be >= 1");
            }
            if (warmUp < 0) {
                throw refuse(spec, "--warm-up must be >= 0");
            }
            requireStore(spec, store);
            var result = bench.parent.launcher().benchReplay(conversations, warmUp, playbook, store);
            return print(spec, result);
        }
    }

    @Command(name = "console", mixinStandardHelpOptions = true,
            description = "Console read path on the home's store: store open, counts, first page of each queue.")
    static final class Console implements Callable<Integer> {
        @ParentCommand BenchCommand bench;
        @Spec CommandSpec spec;

        @Option(names = "--home", paramLabel = "DIR", description = "Parley home (default: $PARLEY_HOME, else ~/.parley)")
        Path home;

        @Override
        public Integer call() throws Exception {
            var result = bench.parent.launcher().benchConsole(home != null ? home : bench.parent.home);
            return print(spec, result);
        }
    }

    @Command(name = "assistant", mixinStandardHelpOptions = true,
            description = "The assistant pipeline's own overhead per message (model time excluded), p50/p99.")
    static final class Assistant implements Callable<Integer> {
        @ParentCommand BenchCommand bench;
        @Spec CommandSpec spec;

        @Option(names = "--messages", paramLabel = "N", defaultValue = "2000", description = "messages (default 2000)")
        int messages;

        @Option(names = "--store", paramLabel = "memory|h2", defaultValue = "memory",
                description = "store: memory (default) or h2 (in-memory H2 through Hibernate)")
        String store;

        @Override
        public Integer call() throws Exception {
            if (messages < 1) {
                throw refuse(spec, "--messages must be >= 1");
            }
            requireStore(spec, store);
            var result = bench.parent.launcher().benchAssistant(messages, store);
            return print(spec, result);
        }
    }

    @Command(name = "llm", mixinStandardHelpOptions = true,
            description = {"The assistant with a model that takes its time (an embedded OpenAI-compatible endpoint that",
                    "answers after --delay-ms, or --base-url): every conversation's messages sent at once (open loop);",
                    "when the last was answered against the ideal for model.max_concurrency, and webhook receipts",
                    "(a fresh one every 100 ms) meanwhile. One JSON line."})
    static final class Llm implements Callable<Integer> {
        @ParentCommand BenchCommand bench;
        @Spec CommandSpec spec;

        @Option(names = "--delay-ms", paramLabel = "MS", defaultValue = "2000",
                description = "how long the embedded endpoint takes to answer a call (default 2000)")
        long delayMillis;

        @Option(names = "--conversations", paramLabel = "N", defaultValue = "20", description = "contacts (default 20)")
        int conversations;

        @Option(names = "--messages", paramLabel = "M", defaultValue = "2",
                description = "messages each contact sends at once (default 2)")
        int messages;

        @Option(names = "--concurrency", paramLabel = "C", defaultValue = "4",
                description = "model.max_concurrency (default 4, Parley's default)")
        int concurrency;

        @Option(names = "--base-url", paramLabel = "URL",
                description = "a real OpenAI-compatible endpoint instead of the embedded one (--delay-ms is then not used)")
        String baseUrl;

        @Option(names = "--model", paramLabel = "NAME", defaultValue = "bench-model",
                description = "model.name (with --base-url)")
        String model;

        @Override
        public Integer call() throws Exception {
            if (delayMillis < 0) throw refuse(spec, "--delay-ms must be >= 0");
            if (conversations < 1) throw refuse(spec, "--conversations must be >= 1");
            if (messages < 1) throw refuse(spec, "--messages must be >= 1");
            if (concurrency < 1) throw refuse(spec, "--concurrency must be >= 1");
            if (baseUrl != null && spec.commandLine().getParseResult().hasMatchedOption("--delay-ms")) {
                throw refuse(spec, "--delay-ms is the embedded endpoint's: not used with --base-url");
            }
            return print(spec, bench.parent.launcher().benchLlm(delayMillis, conversations, messages, concurrency,
                    baseUrl, model));
        }
    }

    @Command(name = "context", mixinStandardHelpOptions = true,
            description = "One chime-in context selection (default strategy, warm embeddings): p50 / p99, embeddings/s, and"
                    + " the same mentions selected by the seed and last5 strategies as same-run baselines (ratios).")
    static final class Context implements Callable<Integer> {
        @ParentCommand BenchCommand bench;
        @Spec CommandSpec spec;

        @Option(names = "--selections", paramLabel = "N", defaultValue = "2000",
                description = "timed selections (default 2000, after 300 untimed)")
        int selections;

        @Option(names = "--lookback", paramLabel = "N", defaultValue = "20",
                description = "messages the default strategy looks back over (default 20; seed's is 20, last5's 5)")
        int lookback;

        @Option(names = "--store", paramLabel = "h2|memory", defaultValue = "h2",
                description = "store read by each selection: h2 (in-memory H2 through Hibernate, default) or memory")
        String store;

        @Override
        public Integer call() throws Exception {
            if (selections < 1 || lookback < 1 || lookback > 200) {
                throw refuse(spec, "--selections must be >= 1 and --lookback from 1 to 200");
            }
            requireStore(spec, store);
            var result = bench.parent.launcher().benchContext(selections, lookback, store);
            return print(spec, result);
        }
    }

    @Command(name = "startup", mixinStandardHelpOptions = true,
            description = {"parley serve started --runs times as a child process on a fresh empty home: ms from launch",
                    "to /health 200 (p50, max) and the phases the children logged. One JSON line."})
    static final class Startup implements Callable<Integer> {
        @ParentCommand BenchCommand bench;
        @Spec CommandSpec spec;

        @Option(names = "--runs", paramLabel = "N", defaultValue = "5", description = "start-ups (default 5, at most 100)")
        int runs;

        @Override
        public Integer call() throws Exception {
            if (runs < 1 || runs > 100) throw refuse(spec, "--runs must be from 1 to 100");
            return print(spec, bench.parent.launcher().benchStartup(runs));
        }
    }

    @Command(name = "buyer", mixinStandardHelpOptions = true,
            description = "The buyer-sms playbook's own time per inbound message (offline agents), p50/p99.")
    static final class Buyer implements Callable<Integer> {
        @ParentCommand BenchCommand bench;
        @Spec CommandSpec spec;

        @Option(names = "--conversations", paramLabel = "N", defaultValue = "300",
                description = "generated buyer conversations of 8 messages (default 300)")
        int conversations;

        @Option(names = "--store", paramLabel = "memory|h2", defaultValue = "memory",
                description = "store: memory (default) or h2 (in-memory H2 through Hibernate)")
        String store;

        @Override
        public Integer call() throws Exception {
            if (conversations < 1) {
                throw refuse(spec, "--conversations must be >= 1");
            }
            requireStore(spec, store);
            var result = bench.parent.launcher().benchBuyer(conversations, store);
            return print(spec, result);
        }
    }
}
