package dev.parley.bootstrap;

import dev.parley.adapter.embedding.MemoizingTextEmbedder;
import dev.parley.adapter.embedding.OnnxTextEmbedder;
import dev.parley.adapter.http.TrustedProxies;
import dev.parley.adapter.memory.InMemoryModelCallLog;
import dev.parley.adapter.memory.InMemoryTransactions;
import dev.parley.adapter.persistence.Database;
import dev.parley.adapter.persistence.H2OnlineBackup;
import dev.parley.adapter.persistence.JdbcModelCallLog;
import dev.parley.adapter.persistence.PostgresEventBridge;
import dev.parley.adapter.scheduling.BackgroundLoop;
import dev.parley.adapter.scheduling.OutboxDispatcher;
import dev.parley.adapter.scheduling.PipelineWorker;
import dev.parley.adapter.telegram.TelegramPoller;
import dev.parley.application.alerts.AlertExplanations;
import dev.parley.application.alerts.LearnedAlerts;
import dev.parley.application.catalog.ImportCatalog;
import dev.parley.application.console.BuyerJourneys;
import dev.parley.application.console.StoreLink;
import dev.parley.application.playbook.MessageEmbeddings;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.application.escalation.ReplyLinks;
import dev.parley.application.escalation.ReplyTool;
import dev.parley.application.model.ModelGateway;
import dev.parley.application.operator.CheckOutgoing;
import dev.parley.application.operator.ClaimConversation;
import dev.parley.application.operator.DeliverExternalEvent;
import dev.parley.application.operator.FindConversations;
import dev.parley.application.operator.ReleaseFilteredMessage;
import dev.parley.application.operator.ReplyToConversation;
import dev.parley.application.operator.RetryInboxMessage;
import dev.parley.application.operator.RevealOriginal;
import dev.parley.application.operator.SetContactTimeZone;
import dev.parley.application.operator.StartConversation;
import dev.parley.application.operator.UnblockConversation;
import dev.parley.application.outbox.ClaimJournal;
import dev.parley.application.outbox.DeliverOutbox;
import dev.parley.application.outbox.LostClaims;
import dev.parley.application.outbox.ResolveUndelivered;
import dev.parley.application.outbox.Sender;
import dev.parley.application.outbox.Senders;
import dev.parley.application.pipeline.PipelineMetrics;
import dev.parley.application.pipeline.ProcessInboundMessage;
import dev.parley.application.pipeline.StageMetrics;
import dev.parley.application.pipeline.StageRunner;
import dev.parley.application.pipeline.ReceiptJournal;
import dev.parley.application.pipeline.ReceiveInboundMessage;
import dev.parley.application.pipeline.RunDueJobs;
import dev.parley.application.playbook.Playbook;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.pipeline.ReleaseHeldMessage;
import dev.parley.application.safety.SafetyPolicyDocument;
import dev.parley.application.signup.SignupPages;
import dev.parley.application.signup.WebOptIn;
import dev.parley.application.store.ProcessRegistration;
import dev.parley.application.store.RetryOnConflict;
import dev.parley.application.store.StoreBackup;
import dev.parley.application.store.Transactions;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The composition root: every part of Parley is built here, by hand, from the configuration, with the help of the
 * package's installations (model, playbooks, assistant, safety, senders). Nothing else constructs adapters.
 * {@link #start()} runs the listener ({@link ServedListener}, {@link ListenerRoutes}), pipeline worker, outbox and
 * scheduler.
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
    public final StageMetrics stageMetrics = new StageMetrics();
    /** The stages of the pipeline's units of work, and of the operators' (whose lost races are run again). */
    public final StageRunner stages;
    public final StageRunner operatorStages;
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
    public final SignupPages signupPages;
    public final WebOptIn webOptIn;
    public final BuyerJourneys buyerJourneys;
    private final Map<String, String> numberPlaybooks;
    public final ResolveUndelivered resolveUndelivered;
    /** Seed 002 for operators: release a held message, reveal a summarised one's original, check a reply. */
    public final ReleaseFilteredMessage releaseFiltered;
    public final RevealOriginal revealOriginal;
    /** A contact's own time zone (the validator's quiet hours use it first). */
    public final SetContactTimeZone setContactTimeZone;
    public final CheckOutgoing checkOutgoing;
    /** The safety.json editor's port: read, try, save and apply (the policy version changes with it). */
    public final SafetyPolicyDocument safetyPolicyDocument;
    /** Telegram's getMe and long polling; null when no {@code telegram.token} is configured. */
    public final TelegramPoller telegram;
    private final Runnable closeStore;
    private final AssistantInstallation assistant;
    private volatile TrustedProxies trustedProxies;
    private final ServedListener served;
    /** The configuration in effect: {@link #config} as started, then as changed by {@link #reconfigure}. */
    private volatile ParleyConfig current;
    private final LiveAlertPatterns alertPatterns;
    /** Seed 002's validator on every message (safety.json, editable in Settings). */
    private final SafetyInstallation safety;
    /** The sender built from the configuration (null when the caller gave one): replaced by {@link #reconfigure}. */
    private final SwitchableSender configuredSender;
    private final Random random;

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
        this(config, clock, senderOverride, random, extraPlaybooks, () -> OpenedStore.configured(config));
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
        this(config, clock, senderOverride, random, extraPlaybooks, () -> OpenedStore.given(store, closeStore),
                embedder);
    }

    /** MiniLM, with the vectors of the last 4,096 distinct texts remembered in memory. */
    private static TextEmbedder ownEmbedder() {
        return new MemoizingTextEmbedder(OnnxTextEmbedder.product(), 4096);
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
        long began = System.nanoTime();
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
                    new ReplyLinks(() -> ReplyToolAddress.baseUrl(config, port()), ReplyToolAddress.linkRandom(random)));
        } catch (RuntimeException e) {
            assistant.close();
            throw e;
        }
        LOG.info("model, playbooks and safety policy ready in {} ms ({} ms after the JVM started)",
                (System.nanoTime() - began) / 1_000_000, JvmUptime.millis());
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
                        config.get(ConfigKey.DB_PASSWORD), database.dataSource(), database.processId(), events, random)
                : null;
        if (eventBridge != null) events.subscribe(eventBridge);
        try {
            var tx = transactions;
            this.configuredSender = senderOverride != null ? null : new SwitchableSender(SenderInstallation.defaultSender(config));
            var senders = senderOverride != null ? Senders.only(senderOverride)
                    : SenderInstallation.senders(config, configuredSender);
            this.deliverOutbox = new DeliverOutbox(tx, senders, playbooks, this.clock, random, events,
                    safety.outbound(), database != null ? database.registration() : ProcessRegistration.SOLE,
                    database != null ? database.claimJournal() : ClaimJournal.NONE,
                    database != null ? database.lostClaims() : LostClaims.none());
            this.outboxLoop = new OutboxDispatcher(deliverOutbox, 8);
            // The stages of every unit of conversation work (docs/decisions/0021-pipeline-stages.md): the pipeline's
            // in plain transactions, the operators' in transactions that run a lost race again.
            this.stages = new StageRunner(tx, this.clock, events, outboxLoop, stageMetrics);
            model.concurrency().onTurn(new ModelTurns(tx, this.clock, events));
            this.processInbound = new ProcessInboundMessage(tx, playbooks, this.clock, metrics, stages,
                    safety.inbound(), model.calls(), random);
            // Lanes prepare side by side, and a lane waiting for the model holds no connection: twice as many lanes
            // as the model answers at once, so conversations that need no model go on while others wait for it.
            int parallelism = Math.max(Math.max(1, config.getInt(ConfigKey.DB_POOL_SIZE) - 4),
                    2 * config.getInt(ConfigKey.MODEL_MAX_CONCURRENCY));
            this.worker = new PipelineWorker(tx, processInbound, this.clock, parallelism);
            this.receive = new ReceiveInboundMessage(tx, this.clock, metrics, worker,
                    database != null ? database.receiptJournal() : ReceiptJournal.NONE);
            this.runDueJobs = new RunDueJobs(tx, playbooks, this.clock, stages, outboxLoop, random);
            this.schedulerLoop = new BackgroundLoop("scheduler", () -> runDueJobs.runDue(100), Duration.ofSeconds(1));
            this.find = new FindConversations(tx, new AlertExplanations(learnedAlerts));
            // An operator's action that races the pipeline on the same conversation is simply run again.
            this.operatorTransactions = new RetryOnConflict(tx, "operator action", random);
            var ops = operatorTransactions;
            this.operatorStages = new StageRunner(ops, this.clock, events, outboxLoop, stageMetrics);
            this.startConversation = new StartConversation(operatorStages, playbooks);
            this.reply = new ReplyToConversation(operatorStages, ops);
            this.claims = new ClaimConversation(ops, this.clock, events);
            this.unblock = new UnblockConversation(operatorStages, ops, playbooks);
            this.retryInbox = new RetryInboxMessage(ops, this.clock, worker);
            this.externalEvent = new DeliverExternalEvent(operatorStages, ops, playbooks);
            this.resolveUndelivered = new ResolveUndelivered(ops, playbooks, this.clock, events, outboxLoop);
            this.releaseFiltered = new ReleaseFilteredMessage(operatorStages, ops, new ReleaseHeldMessage(playbooks));
            this.revealOriginal = new RevealOriginal(ops, this.clock);
            this.setContactTimeZone = new SetContactTimeZone(ops, this.clock);
            this.checkOutgoing = new CheckOutgoing(tx, safety.outbound(), this.clock);
            this.safetyPolicyDocument = safety.editor(config, this.clock);
            this.catalog = new ImportCatalog(tx, this.clock);
            this.replyTool = new ReplyTool(tx, externalEvent, this.clock);
            this.signupPages = new SignupPages(tx, playbooks, externalEvent, this.clock);
            this.webOptIn = new WebOptIn(operatorStages, playbooks);
            this.buyerJourneys = new BuyerJourneys(tx, externalEvent, this.clock);
            this.numberPlaybooks = NumberPlaybooks.of(config, playbooks);
            this.telegram = SenderInstallation.telegramPoller(config, tx, receive, this.clock, random);
            this.served = new ServedListener(config.home(),
                    new ListenerRoutes(this, () -> trustedProxies, safety, numberPlaybooks, () -> current),
                    () -> { if (telegram != null) telegram.start(); });
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
    public CompletableFuture<Void> embeddingsWarm() {
        return embeddingWarmUp.warm();
    }

    /** Starts the background runners, then serves on {@code binding} (bound before the store was opened). */
    public void start(ListenerBinding binding) {
        if (eventBridge != null) eventBridge.start();
        embeddingWarmUp.start(!learnedAlerts.heads().isEmpty(), messageEmbeddings.embedder());
        worker.start();
        outboxLoop.start();
        schedulerLoop.start();
        served.serve(binding);
    }

    /**
     * How this process is linked to a store other processes share (team mode: live events, registration), for the
     * console's status bar; {@link StoreLink#SOLE} on a store of its own.
     */
    public StoreLink storeLink() {
        if (eventBridge == null) return StoreLink.SOLE;
        return new StoreLink(true, eventBridge.connected(), database.registration().registered());
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
    public LiveSettings.Outcome reconfigure(Map<String, String> changes) {
        return reconfigure(changes, () -> { });
    }

    /** As above; {@code save} runs once the change is checked and built, before it is applied. */
    public synchronized LiveSettings.Outcome reconfigure(Map<String, String> changes, Runnable save) {
        var before = current;
        var next = before.with(changes);
        var changed = Arrays.stream(ConfigKey.values())
                .filter(k -> !Objects.equals(before.get(k), next.get(k))).toList();
        var sender = configuredSender != null && changed.stream().anyMatch(LiveSettings.SENDER::contains)
                ? SenderInstallation.defaultSender(next) : null;
        var languageModel = changed.stream().anyMatch(LiveSettings::model)
                ? ModelInstallation.model(next, clock, random) : null;
        var proxies = TrustedProxies.parse(next.get(ConfigKey.LISTENER_TRUSTED_PROXIES));
        if (next.getBoolean(ConfigKey.WEBHOOKS_GENERIC_INSECURE) && served.reachableFromNetwork()) {
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
        var outcome = LiveSettings.outcome(changed);
        if (!changed.isEmpty()) {
            LOG.info("configuration changed: applied {}; listener restart needed for {}; restart needed for {}",
                    outcome.applied(), outcome.listener(), outcome.restart());
        }
        return outcome;
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
    public String restartListener() {
        return served.restart(current);
    }

    public int port() {
        return served == null ? -1 : served.port();
    }

    /** Stops taking requests first, then lets in-flight work finish, then closes the store. */
    @Override
    public void close() {
        if (telegram != null) telegram.close();
        served.close();
        worker.close();
        schedulerLoop.close();
        outboxLoop.close();
        assistant.close();
        if (eventBridge != null) eventBridge.close();
        embeddingWarmUp.awaitBeforeClosing();
        closeStore.run();
    }
}
