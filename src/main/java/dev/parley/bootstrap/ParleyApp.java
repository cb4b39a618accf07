package dev.parley.bootstrap;

import dev.parley.adapter.embedding.MemoizingTextEmbedder;
import dev.parley.adapter.embedding.MiniLmTextEmbedder;
import dev.parley.adapter.http.AdminRoutes;
import dev.parley.adapter.http.ApiRoutes;
import dev.parley.adapter.http.ClaimRoutes;
import dev.parley.adapter.http.HttpListener;
import dev.parley.adapter.http.OpsRoutes;
import dev.parley.adapter.http.Route;
import dev.parley.adapter.http.TelegramWebhookRoutes;
import dev.parley.adapter.http.TrustedProxies;
import dev.parley.adapter.http.WebhookRoutes;
import dev.parley.adapter.memory.InMemoryModelCallLog;
import dev.parley.adapter.memory.InMemoryTransactions;
import dev.parley.adapter.persistence.JdbcModelCallLog;
import dev.parley.adapter.persistence.Database;
import dev.parley.adapter.persistence.H2OnlineBackup;
import dev.parley.adapter.persistence.PostgresEventBridge;
import dev.parley.adapter.scheduling.BackgroundLoop;
import dev.parley.adapter.scheduling.OutboxDispatcher;
import dev.parley.adapter.scheduling.PipelineWorker;
import dev.parley.adapter.telegram.TelegramPoller;
import dev.parley.application.alerts.LearnedAlerts;
import dev.parley.application.catalog.ImportCatalog;
import dev.parley.application.escalation.ReplyLinks;
import dev.parley.application.escalation.ReplyTool;
import dev.parley.adapter.http.ReplyToolRoutes;
import java.security.SecureRandom;
import dev.parley.application.model.ModelGateway;
import dev.parley.application.embedding.MessageEmbeddings;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.application.operator.DeliverExternalEvent;
import dev.parley.application.operator.FindConversations;
import dev.parley.application.operator.ClaimConversation;
import dev.parley.application.operator.ReplyToConversation;
import dev.parley.application.operator.RetryInboxMessage;
import dev.parley.application.operator.StartConversation;
import dev.parley.application.operator.UnblockConversation;
import dev.parley.application.outbox.DeliverOutbox;
import dev.parley.application.outbox.ResolveUndelivered;
import dev.parley.application.outbox.Sender;
import dev.parley.application.outbox.Senders;
import dev.parley.application.pipeline.PipelineMetrics;
import dev.parley.application.pipeline.ProcessInboundMessage;
import dev.parley.application.pipeline.ReceiptJournal;
import dev.parley.application.pipeline.ReceiveInboundMessage;
import dev.parley.application.pipeline.RunDueJobs;
import dev.parley.application.playbook.Playbook;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.store.RetryOnConflict;
import dev.parley.application.store.StoreBackup;
import dev.parley.application.store.Transactions;
import dev.parley.application.operator.CheckOutgoing;
import dev.parley.application.operator.ReleaseFilteredMessage;
import dev.parley.application.safety.ReleaseHeldMessage;
import dev.parley.application.operator.RevealOriginal;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The composition root: every part of Parley is built here, by hand, from the configuration, with the help of the
 * package's installations (model, playbooks, assistant, safety, senders). Nothing else constructs adapters. {@link #start()} runs the listener, pipeline worker, outbox and scheduler.
 */
public final class ParleyApp implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ParleyApp.class);

    public final ParleyConfig config;
    public final Clock clock;
    /** The H2 store when Parley opened it from the configuration; null when it was built on a given store. */
    public final Database database;
    /** Online backups of the store; null when the store is not an H2 file (PostgreSQL has its own tools). */
    public final StoreBackup backup;
    /** The store every use case runs on. */
    public final Transactions transactions;
    /** The same store for operators' actions: a unit of work that lost a race is run again (a few times). */
    public final Transactions operatorTransactions;
    public final PipelineMetrics metrics = new PipelineMetrics();
    public final EventFanOut events = new EventFanOut();
    /** Events to and from the other processes of a PostgreSQL store; null on H2 and in memory. */
    private final PostgresEventBridge eventBridge;
    public final Playbooks playbooks;
    /** The one way to a language model (docs/models.md): configured provider, call log, offline fallback. */
    public final ModelGateway model;
    /**
     * Sentence embeddings of messages, computed once each and stored (the model loads on first use); recent texts
     * are remembered in memory so a recurring text is embedded once.
     */
    public final MessageEmbeddings messageEmbeddings;
    /** The learned alert heads beside the patterns (issue 14); Settings may change their thresholds live. */
    public final LearnedAlerts learnedAlerts;
    private final EmbeddingWarmUp embeddingWarmUp = new EmbeddingWarmUp();
    public final DeliverOutbox deliverOutbox;
    /** Sends due outbox rows, in parallel across conversations (tests may close it and drive the outbox). */
    public final OutboxDispatcher outboxLoop;
    public final ProcessInboundMessage processInbound;
    public final PipelineWorker worker;
    public final ReceiveInboundMessage receive;
    public final RunDueJobs runDueJobs;
    public final BackgroundLoop schedulerLoop;
    public final FindConversations find;
    public final StartConversation startConversation;
    /** Claims on conversations (team mode, docs/team.md). */
    public final ClaimConversation claims;
    public final ReplyToConversation reply;
    public final UnblockConversation unblock;
    public final RetryInboxMessage retryInbox;
    public final DeliverExternalEvent externalEvent;
    public final ImportCatalog catalog;
    public final ReplyTool replyTool;
    public final dev.parley.application.signup.SignupPages signupPages;
    public final dev.parley.application.signup.WebOptIn webOptIn;
    public final dev.parley.application.console.BuyerJourneys buyerJourneys;
    private final java.util.Map<String, String> numberPlaybooks;
    public final ResolveUndelivered resolveUndelivered;
    /** Seed 002 for operators: release a held message, reveal a summarised one's original, check a reply. */
    public final ReleaseFilteredMessage releaseFiltered;
    public final RevealOriginal revealOriginal;
    /** A contact's own time zone (the validator's quiet hours use it first). */
    public final dev.parley.application.operator.SetContactTimeZone setContactTimeZone;
    public final CheckOutgoing checkOutgoing;
    /** The safety.json editor's port: read, try, save and apply (the policy version changes with it). */
    public final dev.parley.application.safety.SafetyPolicyDocument safetyPolicyDocument;
    /** Telegram's getMe and long polling; null when no {@code telegram.token} is configured. */
    public final TelegramPoller telegram;
    private final Runnable closeStore;
    private final AssistantInstallation assistant;
    private volatile TrustedProxies trustedProxies;
    private HttpListener listener;
    /** The configuration in effect: {@link #config} as started, then as changed by {@link #reconfigure}. */
    private volatile ParleyConfig current;
    private final LiveAlertPatterns alertPatterns;
    /** Seed 002's validator on every message (safety.json, editable in Settings). */
    private final SafetyInstallation safety;
    /** The sender built from the configuration (null when the caller gave one): replaced by {@link #reconfigure}. */
    private final SwitchableSender configuredSender;
    private final Random random;

    /** The store Parley runs on: the H2 database of the configuration, or one given by the caller. */
    private record OpenedStore(Database database, Transactions transactions, Runnable close) {
    }

    public ParleyApp(ParleyConfig config, Clock clock, Sender senderOverride) {
        this(config, clock, senderOverride, new SecureRandom(), List.of());
    }

    /** As above, with {@code extraPlaybooks} installed next to the built-in ones (embedding and tests). */
    public ParleyApp(ParleyConfig config, Clock clock, Sender senderOverride, List<Playbook> extraPlaybooks) {
        this(config, clock, senderOverride, new SecureRandom(), extraPlaybooks);
    }

    /**
     * As {@link #ParleyApp(ParleyConfig, Clock, Sender)}, with the source of every random choice (retry jitter)
     * given, so replays can seed it, and playbooks installed besides the built-in ones (tests' own playbooks).
     */
    public ParleyApp(ParleyConfig config, Clock clock, Sender senderOverride, Random random,
                     List<Playbook> extraPlaybooks) {
        this(config, clock, senderOverride, random, extraPlaybooks, () -> {
            var database = Database.open(config.get(ConfigKey.DB_URL), config.get(ConfigKey.DB_USER),
                    config.get(ConfigKey.DB_PASSWORD), config.getInt(ConfigKey.DB_POOL_SIZE));
            return new OpenedStore(database, database.transactions(), database::close);
        });
    }

    /**
     * As {@link #ParleyApp(ParleyConfig, Clock, Sender, Random, List)}, on a given store instead of the
     * configuration's database: {@code closeStore} runs when Parley closes (or fails to build). The store settings
     * of {@code config} are then not used, except the pool size, which still bounds the worker's parallelism.
     */
    public ParleyApp(ParleyConfig config, Clock clock, Sender senderOverride, Random random,
                     List<Playbook> extraPlaybooks, Transactions store, Runnable closeStore) {
        this(config, clock, senderOverride, random, extraPlaybooks, store, closeStore, ownEmbedder());
    }

    /**
     * As above, embedding texts with {@code embedder} instead of a memo of its own: several Parleys of one process
     * (the demo's shards) then embed a recurring text once between them. The embedder must be thread-safe.
     */
    public ParleyApp(ParleyConfig config, Clock clock, Sender senderOverride, Random random,
                     List<Playbook> extraPlaybooks, Transactions store, Runnable closeStore, TextEmbedder embedder) {
        this(config, clock, senderOverride, random, extraPlaybooks, () -> new OpenedStore(null, store, closeStore),
                embedder);
    }

    /** MiniLM, with the vectors of the last 4,096 distinct texts remembered in memory. */
    private static TextEmbedder ownEmbedder() {
        return new MemoizingTextEmbedder(new MiniLmTextEmbedder(), 4096);
    }

    /**
     * Parley on a fresh in-memory store (adapter.memory): isolated, temporary, never on disk. For replays and
     * benchmarks; closing Parley discards the store.
     */
    public static ParleyApp inMemory(ParleyConfig config, Clock clock, Sender senderOverride, Random random,
                                     List<Playbook> extraPlaybooks) {
        var store = new InMemoryTransactions();
        return new ParleyApp(config, clock, senderOverride, random, extraPlaybooks, store, store::close);
    }

    private ParleyApp(ParleyConfig config, Clock clock, Sender senderOverride, Random random,
                      List<Playbook> extraPlaybooks, Supplier<OpenedStore> openStore) {
        this(config, clock, senderOverride, random, extraPlaybooks, openStore, ownEmbedder());
    }

    private ParleyApp(ParleyConfig config, Clock clock, Sender senderOverride, Random random,
                      List<Playbook> extraPlaybooks, Supplier<OpenedStore> openStore, TextEmbedder embedder) {
        this.messageEmbeddings = new MessageEmbeddings(embedder);
        this.config = config;
        this.current = config;
        this.random = random;
        // The store keeps instants to the microsecond (and rounds finer ones, possibly up). Ticking in whole
        // microseconds makes every stored instant exact, so a row stored "now" is due "now" even on a frozen clock.
        this.clock = Clock.tick(clock, Duration.ofNanos(1_000));
        this.trustedProxies = TrustedProxies.parse(config.get(ConfigKey.LISTENER_TRUSTED_PROXIES));
        // Model, playbooks and patterns are checked before the store is touched: a broken file changes nothing.
        var callLog = new ModelInstallation.DeferredCallLog();
        this.model = ModelInstallation.gateway(config, this.clock, random, callLog);
        this.alertPatterns = new LiveAlertPatterns(config.home());
        this.learnedAlerts = PlaybookInstallation.learnedAlerts(config, messageEmbeddings.embedder());
        this.safety = new SafetyInstallation(config, this.clock, learnedAlerts, model, () -> current);
        this.assistant = AssistantInstallation.install(config, model, this.clock, messageEmbeddings);
        try {
            this.playbooks = PlaybookInstallation.install(config, extraPlaybooks, model, assistant.playbook,
                    alertPatterns, learnedAlerts, messageEmbeddings, OpsMailers.of(config),
                    new ReplyLinks(() -> replyToolBaseUrl(config, port()), linkRandom(random)));
        } catch (RuntimeException e) {
            assistant.close();
            throw e;
        }
        var store = openStore.get();
        this.database = store.database();
        this.backup = database != null && H2OnlineBackup.supports(config.get(ConfigKey.DB_URL))
                ? new H2OnlineBackup(database.dataSource()) : null;
        this.transactions = store.transactions();
        this.closeStore = store.close();
        callLog.attach(database != null ? new JdbcModelCallLog(database.dataSource()) : new InMemoryModelCallLog());
        // Team mode: the other processes' events are published here, and this one's reach them (docs/team.md).
        this.eventBridge = database != null && Database.isPostgres(database.url())
                ? new PostgresEventBridge(database.url(), config.get(ConfigKey.DB_USER),
                        config.get(ConfigKey.DB_PASSWORD), database.dataSource(), database.processId(), events)
                : null;
        if (eventBridge != null) events.subscribe(eventBridge);
        try {
            var tx = transactions;
            this.configuredSender = senderOverride != null ? null : new SwitchableSender(SenderInstallation.defaultSender(config));
            var senders = senderOverride != null ? Senders.only(senderOverride)
                    : SenderInstallation.senders(config, configuredSender);
            this.deliverOutbox = new DeliverOutbox(tx, senders, playbooks, this.clock, random, events,
                    safety.outbound());
            this.outboxLoop = new OutboxDispatcher(deliverOutbox, 8);
            this.processInbound = new ProcessInboundMessage(tx, playbooks, this.clock, metrics, events, outboxLoop,
                    safety.inbound());
            int parallelism = Math.max(1, config.getInt(ConfigKey.DB_POOL_SIZE) - 4);
            this.worker = new PipelineWorker(tx, processInbound, this.clock, parallelism);
            this.receive = new ReceiveInboundMessage(tx, this.clock, metrics, worker,
                    database != null ? database.receiptJournal() : ReceiptJournal.NONE);
            this.runDueJobs = new RunDueJobs(tx, playbooks, this.clock, events, outboxLoop);
            this.schedulerLoop = new BackgroundLoop("scheduler", () -> runDueJobs.runDue(100), Duration.ofSeconds(1));
            this.find = new FindConversations(tx);
            // An operator's action that races the pipeline on the same conversation is simply run again.
            this.operatorTransactions = new RetryOnConflict(tx);
            var ops = operatorTransactions;
            this.startConversation = new StartConversation(ops, playbooks, this.clock, events, outboxLoop);
            this.reply = new ReplyToConversation(ops, this.clock, events, outboxLoop);
            this.claims = new ClaimConversation(ops, this.clock, events);
            this.unblock = new UnblockConversation(ops, playbooks, this.clock, events);
            this.retryInbox = new RetryInboxMessage(ops, this.clock, worker);
            this.externalEvent = new DeliverExternalEvent(ops, playbooks, this.clock, events, outboxLoop);
            this.resolveUndelivered = new ResolveUndelivered(ops, playbooks, this.clock, events, outboxLoop);
            this.releaseFiltered = new ReleaseFilteredMessage(ops, new ReleaseHeldMessage(playbooks), this.clock, events,
                    outboxLoop);
            this.revealOriginal = new RevealOriginal(ops, this.clock);
            this.setContactTimeZone = new dev.parley.application.operator.SetContactTimeZone(ops, this.clock);
            this.checkOutgoing = new CheckOutgoing(tx, safety.outbound(), this.clock);
            this.safetyPolicyDocument = safety.editor(config, this.clock);
            this.catalog = new ImportCatalog(tx, this.clock);
            this.replyTool = new ReplyTool(tx, externalEvent, this.clock);
            this.signupPages = new dev.parley.application.signup.SignupPages(tx, playbooks, externalEvent, this.clock);
            this.webOptIn = new dev.parley.application.signup.WebOptIn(ops, playbooks, this.clock, events, outboxLoop);
            this.buyerJourneys = new dev.parley.application.console.BuyerJourneys(tx, externalEvent, this.clock);
            this.numberPlaybooks = numberPlaybooks(config, playbooks);
            this.telegram = SenderInstallation.telegramPoller(config, tx, receive, this.clock);
        } catch (RuntimeException e) {
            closeStore.run();
            assistant.close();
            throw e;
        }
    }

    /** Starts the background runners and the HTTP listener on {@code bind:port} (port 0 picks a free one). */
    public void start(String bind, int port, boolean allowRemote) {
        start(ListenerBinding.bind(config, bind, port, allowRemote));
    }

    public void start() {
        start(ListenerBinding.bind(config));
    }

    /** Completes once the embedding model is loaded (at once when the learned heads are off). */
    public java.util.concurrent.CompletableFuture<Void> embeddingsWarm() {
        return embeddingWarmUp.warm();
    }

    /** Starts the background runners, then serves on {@code binding} (bound before the store was opened). */
    public void start(ListenerBinding binding) {
        if (eventBridge != null) eventBridge.start();
        embeddingWarmUp.start(!learnedAlerts.heads().isEmpty(), messageEmbeddings.embedder());
        worker.start();
        outboxLoop.start();
        schedulerLoop.start();
        serve(binding);
    }

    private synchronized void serve(ListenerBinding binding) {
        if (!binding.enabled()) {
            LOG.info("listener disabled (listener.enabled=false): no webhooks and no API in this process");
            return;
        }
        var routes = new ArrayList<Route>();
        routes.addAll(new WebhookRoutes(receive, this::webhookSettings, clock, binding.origin()).routes());
        routes.addAll(new TelegramWebhookRoutes(receive, () -> current.get(ConfigKey.WEBHOOKS_TELEGRAM_SECRET))
                .routes());
        routes.addAll(new ApiRoutes(find, startConversation, reply, unblock, retryInbox, externalEvent,
                resolveUndelivered, () -> config.get(ConfigKey.API_EVENTS_SECRET), clock).routes());
        routes.addAll(new ReplyToolRoutes(replyTool, clock).routes());
        routes.addAll(new dev.parley.adapter.http.SignupRoutes(signupPages, webOptIn).routes());
        if (backup != null) {
            routes.addAll(new AdminRoutes(backup, config.home().resolve("backups"), clock).routes());
        }
        routes.addAll(new ClaimRoutes(claims).routes());
        routes.addAll(new dev.parley.adapter.http.HeldMessageRoutes(releaseFiltered, revealOriginal).routes());
        routes.addAll(new dev.parley.adapter.http.ContactRoutes(setContactTimeZone).routes());
        routes.addAll(safety.routes(transactions,
                number -> numberPlaybooks.getOrDefault(number, current.get(ConfigKey.PLAYBOOK_INBOUND)), clock));
        routes.addAll(new OpsRoutes(transactions, metrics, Version.current()).routes());
        listener = binding.listener();
        listener.start(routes);
        RunFile.write(config.home(), binding.origin() != null ? binding.origin()
                : "http://127.0.0.1:" + listener.port());
        if (telegram != null) telegram.start();
    }

    /** The configuration in effect now (the one Parley started with, changed by Settings since). */
    public ParleyConfig currentConfig() {
        return current;
    }

    /**
     * Applies a change of configuration while Parley runs: webhook secrets and tokens, trusted proxies, the sender
     * and the model at once (a sender or model that cannot be built refuses the whole change, before anything
     * changed); the alert patterns are compiled again from the home. The listener's address and API token wait for
     * {@link #restartListener()}; the store, the default playbook, cassettes and debug recording for a restart.
     *
     * @param changes key name → value; keys whose value does not change are ignored
     */
    public LiveSettings.Outcome reconfigure(java.util.Map<String, String> changes) {
        return reconfigure(changes, () -> { });
    }

    /** As above; {@code save} runs once the change is checked and built, before it is applied. */
    public synchronized LiveSettings.Outcome reconfigure(java.util.Map<String, String> changes, Runnable save) {
        var before = current;
        var next = before.with(changes);
        var changed = java.util.Arrays.stream(ConfigKey.values())
                .filter(k -> !java.util.Objects.equals(before.get(k), next.get(k))).toList();
        var sender = configuredSender != null && changed.stream().anyMatch(LiveSettings.SENDER::contains)
                ? SenderInstallation.defaultSender(next) : null;
        var languageModel = changed.stream().anyMatch(LiveSettings::model)
                ? ModelInstallation.model(next, clock, random) : null;
        var proxies = TrustedProxies.parse(next.get(ConfigKey.LISTENER_TRUSTED_PROXIES));
        if (next.getBoolean(ConfigKey.WEBHOOKS_GENERIC_INSECURE) && listener != null && !loopback(listener.address())) {
            // the rule ListenerBinding enforces at start: unsigned webhooks only on a loopback listener
            throw new ConfigException(ConfigKey.WEBHOOKS_GENERIC_INSECURE.key(), "unsigned webhooks are only "
                    + "accepted on a loopback listener; this one is reachable from the network");
        }
        save.run();
        alertPatterns.reload();
        current = next;
        trustedProxies = proxies;
        if (sender != null) configuredSender.replace(sender);
        if (languageModel != null) model.reconfigure(languageModel);
        var applied = new ArrayList<String>();
        var listenerKeys = new ArrayList<String>();
        var restart = new ArrayList<String>();
        for (var key : changed) {
            (LiveSettings.LISTENER.contains(key) ? listenerKeys : LiveSettings.live(key) ? applied : restart)
                    .add(key.key());
        }
        if (!changed.isEmpty()) {
            LOG.info("configuration changed: applied {}; listener restart needed for {}; restart needed for {}",
                    applied, listenerKeys, restart);
        }
        return new LiveSettings.Outcome(List.copyOf(applied), List.copyOf(listenerKeys), List.copyOf(restart));
    }

    private static boolean loopback(String address) {
        try {
            return java.net.InetAddress.getByName(address).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    /** Compiles the alert patterns of the home again (Settings saved new ones); a broken file keeps the old ones. */
    public void reloadAlertPatterns() {
        alertPatterns.reload();
    }

    /**
     * Restarts the listener on the address and port now configured: the old one stops taking requests and finishes
     * those it is answering, the new one starts. If the new address cannot be bound, the old one is bound again and
     * the reason thrown. Returns {@code address:port} now served.
     */
    public synchronized String restartListener() {
        if (listener == null) throw new IllegalStateException("the listener is not running");
        var config = current;
        int oldPort = listener.port();
        var oldBind = listener.address();
        listener.close();
        ListenerBinding binding;
        try {
            binding = ListenerBinding.bind(config);
        } catch (ConfigException e) {
            serve(ListenerBinding.bind(config, oldBind, oldPort, true));
            throw e;
        }
        serve(binding);
        var where = config.get(ConfigKey.LISTENER_BIND) + ":" + listener.port();
        LOG.info("listener restarted on {}", where);
        return where;
    }

    private WebhookRoutes.Settings webhookSettings() {
        var config = current;
        return new WebhookRoutes.Settings(config.get(ConfigKey.WEBHOOKS_GENERIC_SECRET),
                config.getBoolean(ConfigKey.WEBHOOKS_GENERIC_INSECURE), config.get(ConfigKey.WEBHOOKS_TWILIO_AUTH_TOKEN),
                config.get(ConfigKey.WEBHOOKS_TWILIO_PUBLIC_URL), trustedProxies, config.get(ConfigKey.WEBHOOKS_TWILIO_PLAYBOOK),
                config.get(ConfigKey.WEBHOOKS_AIRCALL_TOKEN), config.get(ConfigKey.WEBHOOKS_AIRCALL_PLAYBOOK),
                numberPlaybooks);
    }

    /**
     * {@code playbook.numbers}: our number or Aircall number id → playbook; each named playbook (and each webhook's
     * own) must be installed.
     */
    private static java.util.Map<String, String> numberPlaybooks(ParleyConfig config,
                                                                 dev.parley.application.playbook.Playbooks playbooks) {
        var map = new java.util.LinkedHashMap<String, String>();
        var raw = config.get(ConfigKey.PLAYBOOK_NUMBERS);
        if (!raw.isBlank()) {
            for (var pair : raw.split(",")) {
                var parts = pair.strip().split("=");
                map.put(parts[0].strip(), parts[1].strip());
            }
        }
        for (var key : java.util.List.of(ConfigKey.WEBHOOKS_TWILIO_PLAYBOOK, ConfigKey.WEBHOOKS_AIRCALL_PLAYBOOK)) {
            var name = config.get(key);
            if (!name.isEmpty() && !playbooks.names().contains(name)) {
                throw new ConfigException(key.key(), "playbook '" + name + "' is not installed; known: "
                        + playbooks.names());
            }
        }
        map.forEach((number, name) -> {
            if (!playbooks.names().contains(name)) {
                throw new ConfigException(ConfigKey.PLAYBOOK_NUMBERS.key(), "playbook '" + name + "' for " + number
                        + " is not installed; known: " + playbooks.names());
            }
        });
        return java.util.Map.copyOf(map);
    }

    /**
     * Where the Reply Tool's links point: {@code reply_tool.base_url}, else this listener's own address (reachable
     * from this machine only, unless the listener is bound to the network).
     */
    public static String replyToolBaseUrl(ParleyConfig config, int listeningPort) {
        var configured = config.get(ConfigKey.REPLY_TOOL_BASE_URL);
        if (configured != null && !configured.isEmpty()) return configured;
        var host = config.get(ConfigKey.LISTENER_BIND);
        if (host.contains(":")) host = "[" + host + "]";
        return "http://" + host + ":" + (listeningPort > 0 ? listeningPort : config.getInt(ConfigKey.LISTENER_PORT));
    }

    /**
     * Link tokens (Reply Tool, guarantee pages) are unguessable: from a SecureRandom, unless the caller seeded a plain
     * Random on purpose (replays), so that a replay's transcript is the same on every run.
     */
    private static Random linkRandom(Random random) {
        return random instanceof SecureRandom || random.getClass() == Random.class ? random : new SecureRandom();
    }

    public int port() {
        return listener == null ? -1 : listener.port();
    }

    /** Stops taking requests first, then lets in-flight work finish, then closes the store. */
    @Override
    public void close() {
        if (telegram != null) telegram.close();
        if (listener != null) {
            listener.close();
            RunFile.remove(config.home());
        }
        worker.close();
        schedulerLoop.close();
        outboxLoop.close();
        assistant.close();
        if (eventBridge != null) eventBridge.close();
        embeddingWarmUp.awaitBeforeClosing();
        closeStore.run();
    }
}
