package dev.parley.bootstrap.launch;

import dev.parley.adapter.cli.Launcher;
import dev.parley.adapter.persistence.Database;
import dev.parley.adapter.ui.ConsoleApplication;
import dev.parley.adapter.ui.common.FxNotifier;
import dev.parley.adapter.ui.common.FxTaskExecutor;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.replay.ReplayEvent;
import dev.parley.application.replay.ReplayInputException;
import dev.parley.application.replay.TranscriptLine;
import dev.parley.bootstrap.ConfigException;
import dev.parley.bootstrap.ConfigKeyNames;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.bootstrap.JvmUptime;
import dev.parley.bootstrap.ListenerBinding;
import dev.parley.bootstrap.ParleyApp;
import dev.parley.bootstrap.ParleyConfig;
import dev.parley.bootstrap.Version;
import dev.parley.bootstrap.replay.ConversationComparison;
import dev.parley.bootstrap.replay.ConversationExport;
import dev.parley.bootstrap.replay.ReplayBenchmark;
import dev.parley.bootstrap.replay.ReplayModel;
import dev.parley.bootstrap.replay.ReplaySession;
import dev.parley.bootstrap.replay.ReplayStore;
import java.nio.file.Files;
import dev.parley.bootstrap.demo.PipelineDemo;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import dev.parley.adapter.playbooks.DemoCatalog;
import dev.parley.application.catalog.CatalogFiles;
import dev.parley.application.catalog.ImportCatalog;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What the command line starts, built from the configuration. */
final class ParleyLauncher implements Launcher {
    private static final Logger LOG = LoggerFactory.getLogger(ParleyLauncher.class);
    /** Playbooks served besides the built-in ones (an embedding's own; crash tests run a child with theirs). */
    private final List<dev.parley.application.playbook.Playbook> extraPlaybooks;

    ParleyLauncher() {
        this(List.of());
    }

    ParleyLauncher(List<dev.parley.application.playbook.Playbook> extraPlaybooks) {
        this.extraPlaybooks = List.copyOf(extraPlaybooks);
    }

    @Override
    public void serve(ServeOptions options) throws InterruptedException {
        var config = config(options);
        var binding = ListenerBinding.bind(config);
        var app = openAfter(binding, config);
        var stopped = new CountDownLatch(1);
        var closed = new AtomicBoolean();
        Runnable closeOnce = () -> {
            if (closed.compareAndSet(false, true)) {
                LOG.info("shutting down");
                app.close();
                stopped.countDown();
            }
        };
        // Parley's own hook (H2's is off: DB_CLOSE_ON_EXIT=FALSE): listener and workers stop before the store closes.
        Runtime.getRuntime().addShutdownHook(new Thread(closeOnce, "parley-shutdown"));
        StopSignals.install(closeOnce); // SIGTERM/SIGINT: all of that before the JVM's hooks (ONNX Runtime's) run
        app.start(binding);
        LOG.info("parley {} serving {} (home {}; {} ms after the JVM started)", Version.current(),
                app.port() < 0 ? "without a listener" : "on port " + app.port(), config.home(), JvmUptime.millis());
        stopped.await();
    }

    @Override
    public void console(ServeOptions options) {
        if (noDisplay(System.getenv())) {
            throw new ConfigException("display", "no graphical display (DISPLAY and WAYLAND_DISPLAY are unset); "
                    + "run 'parley serve' for headless Parley");
        }
        var config = config(options);
        var binding = ListenerBinding.bind(config);
        var app = openAfter(binding, config);
        var executor = new FxTaskExecutor(3);
        var closed = new AtomicBoolean();
        Runnable closeOnce = () -> {
            if (closed.compareAndSet(false, true)) {
                executor.close();
                app.close();
            }
        };
        // Ctrl+C or a kill while the window is open stops the pipeline cleanly all the same
        var hook = new Thread(closeOnce, "parley-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        StopSignals.install(closeOnce);
        try {
            app.start(binding);
            LOG.info("parley {} console; listener on port {} (home {})", Version.current(), app.port(), config.home());
            try (var notifier = new FxNotifier()) {
                var context = ConsoleAssembly.context(app, executor, notifier, ConsoleAssembly.Hooks.of(app));
                ConsoleAssembly.warmUp(context);
                ConsoleApplication.launch(context);
            }
            LOG.info("console closed; shutting down");
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
                closeOnce.run();
            } catch (IllegalStateException shuttingDown) {
                // the hook is already closing everything
            }
        }
    }

    /** Parley on the configured store, opened once the listener's address is bound; else the address is released. */
    private ParleyApp openAfter(ListenerBinding binding, ParleyConfig config) {
        try {
            return new ParleyApp(config, Clock.systemUTC(), null, extraPlaybooks);
        } catch (RuntimeException e) {
            binding.close();
            throw e;
        }
    }

    static boolean noDisplay(Map<String, String> env) {
        var os = System.getProperty("os.name", "").toLowerCase();
        if (os.contains("win") || os.contains("mac") || "Monocle".equals(System.getProperty("glass.platform"))) {
            return false;
        }
        return blank(env.get("DISPLAY")) && blank(env.get("WAYLAND_DISPLAY"));
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static ParleyConfig config(ServeOptions options) {
        var flags = flags(options.settings());
        if (options.port() != null) flags.put(ConfigKey.LISTENER_PORT, options.port().toString());
        if (options.bind() != null) flags.put(ConfigKey.LISTENER_BIND, options.bind());
        if (options.allowRemote()) flags.put(ConfigKey.LISTENER_ALLOW_REMOTE, "true");
        return ParleyConfig.load(homeOf(options.home()), System.getenv(), flags, new SecureRandom());
    }

    @Override
    public String token(Path home) {
        return ParleyConfig.load(homeOf(home), System.getenv(), Map.of(), new SecureRandom()).get(ConfigKey.API_TOKEN);
    }

    @Override
    public Map<String, Object> demo(Path home, int conversations, int messagesPerConversation, long seed) {
        var config = ParleyConfig.load(homeOf(home), System.getenv(), Map.of(), new SecureRandom());
        var out = new java.util.LinkedHashMap<String, Object>();
        var cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpuStart = cpu.getCurrentThreadCpuTime();
        long started = System.nanoTime();
        try (var database = Database.open(config.get(ConfigKey.DB_URL), config.get(ConfigKey.DB_USER),
                config.get(ConfigKey.DB_PASSWORD), 2)) {
            LOG.info("demo: simulating {} conversations through the pipeline", conversations);
            PipelineDemo.Figures figures;
            ReplayLogging.quiet();
            try {
                figures = PipelineDemo.generate(database.dataSource(), conversations, messagesPerConversation, seed,
                        Clock.systemUTC().instant());
            } finally {
                ReplayLogging.restore();
            }
            out.put("home", config.home().toString());
            out.put("conversations", figures.conversations());
            out.put("messages", figures.messages());
            out.put("timeline_events", figures.events());
            out.put("alerts", figures.alerts());
            out.put("alerts_by_severity", figures.alertsBySeverity());
            out.put("states", figures.states());
            out.put("outbox_rows", figures.outbox());
            out.put("failed_inbox_rows", figures.failedInbox());
            out.put("simulation_ms", figures.simulationMillis());
            out.put("write_ms", figures.writeMillis());
            // the write after the simulation, step by step: the rows still held, the deferred indexes, the read model
            var steps = figures.writeSteps();
            var writeSteps = new java.util.LinkedHashMap<String, Long>();
            writeSteps.put("rows", steps.lastRowsMillis());
            writeSteps.put("indexes", steps.indexesMillis());
            writeSteps.put("read_model", steps.readModelMillis());
            out.put("write_steps_ms", writeSteps);
            // texts the learned heads asked vectors for, and how many of them were computed (not remembered)
            out.put("embeddings", new java.util.TreeMap<>(Map.of("asked", figures.embeddingsAsked(), "computed",
                    figures.embeddingsComputed())));
            out.put("catalog_properties", new ImportCatalog(database.transactions(), Clock.systemUTC())
                    .load(DemoCatalog.items()).properties());
            // what an operator finds in each queue of the console
            out.put("queues", new dev.parley.application.console.FindQueues(new dev.parley.adapter.persistence
                    .JdbcQueues(database.dataSource(), Clock.systemUTC()), Clock.systemUTC()).counts());
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("demo store: " + e.getSQLState(), e);
        }
        long compacting = System.nanoTime();
        if (Database.compact(config.get(ConfigKey.DB_URL), config.get(ConfigKey.DB_USER),
                config.get(ConfigKey.DB_PASSWORD))) {
            out.put("compact_ms", (System.nanoTime() - compacting) / 1_000_000);
        }
        out.put("millis", (System.nanoTime() - started) / 1_000_000);
        out.put("cpu_ms", (cpu.getCurrentThreadCpuTime() - cpuStart) / 1_000_000);
        return out;
    }

    @Override
    public Map<String, Object> importCatalog(Path home, String name, String content, boolean dryRun) {
        var items = name == null ? DemoCatalog.items() : CatalogFiles.parse(name, content);
        var out = new java.util.LinkedHashMap<String, Object>();
        if (dryRun) {
            out.put("dry_run", true);
            out.put("properties", items.size());
            out.put("listings", items.stream().mapToInt(i -> i.listings().size()).sum());
            return out;
        }
        var config = ParleyConfig.load(home(home), System.getenv(), Map.of(), new SecureRandom());
        try (var database = Database.open(config.get(ConfigKey.DB_URL), config.get(ConfigKey.DB_USER),
                config.get(ConfigKey.DB_PASSWORD), 2)) {
            var summary = new ImportCatalog(database.transactions(), Clock.systemUTC()).load(items);
            out.put("home", config.home().toString());
            out.put("properties", summary.properties());
            out.put("listings", summary.listings());
            out.put("created", summary.created());
            out.put("updated", summary.updated());
            return out;
        }
    }

    @Override
    public String exportCatalog(Path home, String format) {
        var config = ParleyConfig.load(home(home), System.getenv(), Map.of(), new SecureRandom());
        try (var database = Database.open(config.get(ConfigKey.DB_URL), config.get(ConfigKey.DB_USER),
                config.get(ConfigKey.DB_PASSWORD), 2)) {
            var items = new ImportCatalog(database.transactions(), Clock.systemUTC()).export();
            return format.equals("csv") ? CatalogFiles.toCsv(items) : CatalogFiles.toJson(items);
        }
    }

    @Override
    public Map<String, Object> benchConsole(Path home) {
        return new ConsoleBenchmark(ParleyConfig.load(homeOf(home), System.getenv(), Map.of(), new SecureRandom())).run();
    }

    @Override
    public Map<String, Object> benchAssistant(int messages, String store) {
        ReplayLogging.quiet();
        return dev.parley.bootstrap.bench.AssistantBenchmark.run(messages, store);
    }

    @Override
    public Map<String, Object> benchLlm(long delayMillis, int conversations, int messages, int concurrency,
                                        String baseUrl, String model) throws Exception {
        ReplayLogging.quiet();
        return dev.parley.bootstrap.bench.LlmBenchmark.run(new dev.parley.bootstrap.bench.LlmBenchmark.Options(
                java.time.Duration.ofMillis(delayMillis), conversations, messages, concurrency, baseUrl, model));
    }

    @Override
    public Map<String, Object> benchStartup(int runs) throws Exception {
        return dev.parley.bootstrap.bench.StartupBenchmark.run(runs);
    }

    @Override
    public Map<String, Object> benchBuyer(int conversations, String store) {
        ReplayLogging.quiet();
        return dev.parley.bootstrap.bench.BuyerBenchmark.run(conversations, store);
    }

    @Override
    public Map<String, Object> benchIngest(int messages, int clients) throws Exception {
        return new IngestBenchmark(messages, clients).run();
    }

    @Override
    public Map<String, Object> benchIngestAtRate(double rate, double seconds, double warmUpSeconds, Path latencies)
            throws Exception {
        return IngestBenchmark.atRate(rate, seconds, warmUpSeconds, latencies);
    }

    @Override
    public Map<String, Object> benchIngestTeam(String url, String user, List<Integer> processes, int messages,
                                               int clients) throws Exception {
        return dev.parley.bootstrap.bench.TeamIngestBenchmark.run(new dev.parley.bootstrap.bench.TeamIngestBenchmark
                .Options(url, user, System.getenv().getOrDefault("PARLEY_DB_PASSWORD", ""), processes, messages,
                clients));
    }

    @Override
    public List<TranscriptLine> replay(List<ReplayEvent> events, ReplayOptions options) {
        ReplayLogging.quiet();
        return ReplaySession.run(events, options.configDir(), List.of(), ReplayStore.of(options.store()),
                new ReplayModel(options.model(), options.recordCassette()));
    }

    @Override
    public List<ReplayEvent> exportConversation(Path home, long conversationId) {
        return withStore(home, conversationId, app -> ConversationExport.export(app, conversationId));
    }

    @Override
    public Comparison compareConversation(Path home, long conversationId, ReplayOptions options) {
        var result = withStore(home, conversationId,
                app -> ConversationComparison.compare(app, conversationId, options.configDir(), List.of(),
                        ReplayStore.of(options.store()), new ReplayModel(options.model(), options.recordCassette())));
        return new Comparison(result.stored().conversation(), result.stored().state(), result.replayed().state(),
                result.differences());
    }

    @Override
    public Map<String, Object> benchContext(int selections, int lookback, String store) {
        ReplayLogging.quiet();
        return dev.parley.bootstrap.replay.ContextBenchmark.run(selections, lookback, ReplayStore.of(store));
    }

    @Override
    public Map<String, Object> benchReplay(int conversations, int warmUp, String playbook, String store) {
        ReplayLogging.quiet();
        return ReplayBenchmark.run(conversations, warmUp, playbook, ReplayStore.of(store));
    }

    /**
     * Opens the real store of {@code home} without starting anything, for reading one conversation. A home or
     * store that does not exist is not created; a store in use by {@code parley serve} cannot be opened (H2 file).
     */
    private static <T> T withStore(Path option, long conversationId, Function<ParleyApp, T> work) {
        ReplayLogging.quiet();
        var home = homeOf(option);
        if (!Files.isRegularFile(home.resolve("parley.properties"))) {
            throw new ReplayInputException(home.toString(), 0, "--home", "no Parley home here (no parley.properties)");
        }
        var config = ParleyConfig.load(home, System.getenv(), Map.of(), new SecureRandom());
        var url = config.get(ConfigKey.DB_URL);
        var flags = new EnumMap<ConfigKey, String>(ConfigKey.class);
        if (url.startsWith("jdbc:h2:file:") && !url.toUpperCase().contains("IFEXISTS")) {
            flags.put(ConfigKey.DB_URL, url + ";IFEXISTS=TRUE");
        }
        flags.put(ConfigKey.DB_POOL_SIZE, "2");
        config = ParleyConfig.load(home, System.getenv(), flags, new SecureRandom());
        ParleyApp app;
        try {
            app = new ParleyApp(config, Clock.systemUTC(), null);
        } catch (ConfigException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ReplayInputException(home.toString(), 0, "store", "cannot open the store ("
                    + rootMessage(e) + "); is `parley serve` running on this home?");
        }
        try (app) {
            return work.apply(app);
        } catch (NotFoundException e) {
            throw new ReplayInputException(home.toString(), 0, "conversation", e.getMessage());
        }
    }

    private static String rootMessage(Throwable e) {
        while (e.getCause() != null) e = e.getCause();
        var message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().findFirst().orElse(message);
    }

    @Override
    public BackupResult backup(Path home, Path out) {
        return StoreBackups.backup(homeOf(home), out, Clock.systemUTC());
    }

    @Override
    public RestoreResult restore(Path home, Path backup) {
        return StoreBackups.restore(homeOf(home), backup, Clock.systemUTC());
    }

    @Override
    public StoreCopyResult storeCopy(String from, String to, String toUser, boolean force,
                                     java.util.function.Consumer<String> progress) {
        return TeamStoreCopy.copy(from, to, toUser, System.getenv(), force, progress);
    }

    public Path home(Path given) {
        return homeOf(given);
    }

    private static Path homeOf(Path option) {
        return option != null ? option : ParleyConfig.defaultHome(System.getenv());
    }

    private static EnumMap<ConfigKey, String> flags(Map<String, String> settings) {
        var flags = new EnumMap<ConfigKey, String>(ConfigKey.class);
        settings.forEach((key, value) -> flags.put(ConfigKeyNames.require(key), value));
        return flags;
    }
}
