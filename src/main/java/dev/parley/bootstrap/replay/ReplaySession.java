package dev.parley.bootstrap.replay;

import dev.parley.adapter.memory.InMemoryTransactions;
import dev.parley.adapter.playbooks.DemoCatalog;
import dev.parley.application.ManualClock;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.operator.StartConversation;
import dev.parley.application.playbook.Playbook;
import dev.parley.application.replay.ReplayEvent;
import dev.parley.application.replay.ReplayFileReader;
import dev.parley.application.replay.ReplayInputException;
import dev.parley.application.replay.TranscriptLine;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.bootstrap.ParleyApp;
import dev.parley.bootstrap.ParleyConfig;
import dev.parley.domain.message.ChatDetails;
import dev.parley.domain.message.InboundMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * One replay: a {@link ParleyApp} on its own isolated store ({@link ReplayStore}: in memory unless H2 is asked
 * for) and a {@link ManualClock}, never started, driven on
 * the calling thread. Before each event every job, retry and message that falls due fires at its own virtual
 * time; after the last event nothing more runs. Same events, same transcript, byte for byte.
 */
public final class ReplaySession implements AutoCloseable {
    /** Seed of every random choice in a replay (outbox retry jitter). */
    public static final long SEED = 20_240_501L;
    private static final AtomicLong SESSIONS = new AtomicLong();
    /** A replay that keeps finding due work at one instant is a playbook scheduling itself in a loop. */
    private static final int MAX_ROUNDS_PER_INSTANT = 10_000;
    private static final int BATCH = 500;

    private final ManualClock clock;
    private final ParleyApp app;
    private final TranscriptRecorder recorder;
    private final String dbUrl;
    private final Path scratchHome;
    private final Map<String, String> channelOfKey = new HashMap<>();
    private final Map<String, Long> idOfChannelKey = new HashMap<>();
    /** What is due next, as last read; valid until something else runs (only this session changes the store). */
    private Due knownDue;
    /** More inbound messages arrive at this instant: nothing runs until the last of them is in the inbox. */
    private boolean arriving;

    private ReplaySession(ManualClock clock, ParleyApp app, TranscriptRecorder recorder, String dbUrl,
                          Path scratchHome) {
        this.clock = clock;
        this.app = app;
        this.recorder = recorder;
        this.dbUrl = dbUrl;
        this.scratchHome = scratchHome;
    }

    /** As {@link #open(Instant, Path, List, Consumer, ReplayStore)} on the in-memory store. */
    public static ReplaySession open(Instant start, Path configDir, List<Playbook> extraPlaybooks,
                                     Consumer<TranscriptLine> sink) {
        return open(start, configDir, extraPlaybooks, sink, ReplayStore.MEMORY);
    }

    /** As {@link #open(Instant, Path, List, Consumer, ReplayStore, ReplayModel)} with the offline model. */
    public static ReplaySession open(Instant start, Path configDir, List<Playbook> extraPlaybooks,
                                     Consumer<TranscriptLine> sink, ReplayStore store) {
        return open(start, configDir, extraPlaybooks, sink, store, ReplayModel.OFFLINE);
    }

    /**
     * Opens a replay store whose clock starts at {@code start}; {@code configDir} (may be null) supplies
     * parley.properties, whose store, sender and listener settings are replaced by the replay's own, and whose model
     * settings by {@code model}'s.
     */
    public static ReplaySession open(Instant start, Path configDir, List<Playbook> extraPlaybooks,
                                     Consumer<TranscriptLine> sink, ReplayStore store, ReplayModel model) {
        return open(start, configDir, extraPlaybooks, sink, store, model,
                store == ReplayStore.MEMORY ? new InMemoryTransactions() : null, null);
    }

    /**
     * A replay on the in-memory store {@code memory} (for instance one shard's of {@link InMemoryTransactions#shard}),
     * with no config directory and the offline model; the session closes the store.
     */
    public static ReplaySession open(Instant start, Consumer<TranscriptLine> sink, InMemoryTransactions memory) {
        return open(start, null, List.of(), sink, ReplayStore.MEMORY, ReplayModel.OFFLINE, memory, null);
    }

    /**
     * As above, embedding texts with {@code embedder} (thread-safe), which sessions side by side may share: a text
     * recurring in several of them is embedded once. The vectors do not depend on which session asked first.
     */
    public static ReplaySession open(Instant start, Consumer<TranscriptLine> sink, InMemoryTransactions memory,
                                     TextEmbedder embedder) {
        return open(start, null, List.of(), sink, ReplayStore.MEMORY, ReplayModel.OFFLINE, memory,
                java.util.Objects.requireNonNull(embedder, "embedder"));
    }

    private static ReplaySession open(Instant start, Path configDir, List<Playbook> extraPlaybooks,
                                      Consumer<TranscriptLine> sink, ReplayStore store, ReplayModel model,
                                      InMemoryTransactions memory, TextEmbedder embedder) {
        Path scratch = null;
        try {
            if (configDir == null) scratch = Files.createTempDirectory("parley-replay");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // A larger statement cache: the pipeline's few dozen statements are then parsed once, not per use.
        var dbUrl = store == ReplayStore.MEMORY ? null : "jdbc:h2:mem:replay-" + SESSIONS.incrementAndGet() + ";DB_CLOSE_DELAY=-1;QUERY_CACHE_SIZE=256";
        var overrides = new EnumMap<ConfigKey, String>(ConfigKey.class);
        if (dbUrl != null) overrides.put(ConfigKey.DB_URL, dbUrl);
        overrides.put(ConfigKey.DB_USER, "sa");
        overrides.put(ConfigKey.DB_PASSWORD, "");
        overrides.put(ConfigKey.DB_POOL_SIZE, "2");
        overrides.put(ConfigKey.SENDER, "local");
        // A replay stays on this machine and writes nothing: no tool servers, no speech files.
        overrides.put(ConfigKey.ASSISTANT_MCP_SERVERS, "");
        overrides.put(ConfigKey.ASSISTANT_SPEECH, "false");
        overrides.putAll(model.overrides());
        var config = ParleyConfig.forReplay(configDir != null ? configDir : scratch, overrides);
        var clock = new ManualClock(start);
        ParleyApp app;
        try {
            app = memory == null ? new ParleyApp(config, clock, null, new Random(SEED), extraPlaybooks)
                    : embedder == null
                    ? new ParleyApp(config, clock, null, new Random(SEED), extraPlaybooks, memory, memory::close)
                    : new ParleyApp(config, clock, null, new Random(SEED), extraPlaybooks, memory, memory::close,
                            embedder);
        } catch (RuntimeException e) {
            deleteQuietly(scratch);
            throw e;
        }
        try {
            // The catalogue a replay sees: its --config directory's own, else the shipped demo catalogue.
            var own = DemoCatalog.in(configDir);
            app.catalog.load(own.map(DemoCatalog::read).orElseGet(DemoCatalog::items));
        } catch (RuntimeException e) {
            app.close();
            deleteQuietly(scratch);
            throw e;
        }
        var recorder = new TranscriptRecorder(app.transactions, clock, sink);
        app.events.subscribe(recorder);
        return new ReplaySession(clock, app, recorder, dbUrl, scratch);
    }

    /** Replays {@code events} in a fresh in-memory session and returns the transcript. */
    public static List<TranscriptLine> run(List<ReplayEvent> events, Path configDir, List<Playbook> extraPlaybooks) {
        return run(events, configDir, extraPlaybooks, ReplayStore.MEMORY);
    }

    /** Replays {@code events} in a fresh session on {@code store} and returns the transcript. */
    public static List<TranscriptLine> run(List<ReplayEvent> events, Path configDir, List<Playbook> extraPlaybooks,
                                           ReplayStore store) {
        return run(events, configDir, extraPlaybooks, store, ReplayModel.OFFLINE);
    }

    /** As above, with the model {@code model} answering. */
    public static List<TranscriptLine> run(List<ReplayEvent> events, Path configDir, List<Playbook> extraPlaybooks,
                                           ReplayStore store, ReplayModel model) {
        var lines = new ArrayList<TranscriptLine>();
        if (events.isEmpty()) return lines;
        try (var session = open(events.getFirst().at(), configDir, extraPlaybooks, lines::add, store, model)) {
            session.applyAll(events);
        }
        return lines;
    }

    /**
     * Applies {@code events} in order. Inbound messages on consecutive lines with the same {@code at} arrive
     * together, as two webhooks that land before the pipeline worker wakes: all are stored in the inbox before
     * any is processed, so a reply the first one queues is still PENDING while the next one is processed.
     */
    public void applyAll(List<ReplayEvent> events) {
        for (int i = 0; i < events.size(); i++) {
            var event = events.get(i);
            var next = i + 1 < events.size() ? events.get(i + 1) : null;
            apply(event, event instanceof ReplayEvent.Inbound && next instanceof ReplayEvent.Inbound
                    && next.at().equals(event.at()));
        }
    }

    public ParleyApp app() {
        return app;
    }

    public Instant now() {
        return clock.instant();
    }

    /** Fires what falls due up to the event's time, then applies the event and what it sets in motion. */
    public void apply(ReplayEvent event) {
        apply(event, false);
    }

    /** As {@link #apply(ReplayEvent)}; with {@code moreArriveAtOnce} nothing runs after the event (see applyAll). */
    private void apply(ReplayEvent event, boolean moreArriveAtOnce) {
        if (event.at().isBefore(clock.instant())) {
            throw new IllegalArgumentException("line " + event.line() + ": time goes backwards");
        }
        // While messages of one instant are arriving, the clock is already at it and the earlier ones wait.
        if (!arriving) runDueUpTo(event.at());
        clock.set(event.at());
        if (event instanceof ReplayEvent.Advance) return;  // what was due up to here has just run
        knownDue = null;
        switch (event) {
            case ReplayEvent.Inbound e -> inbound(e);
            case ReplayEvent.Start e -> operator(e, e.to(), () -> {
                channelOfKey.put(e.to(), e.channel());
                app.startConversation.start(new StartConversation.Command(e.playbook(), e.channel(), e.to(),
                        e.text(), e.actor()));
            });
            case ReplayEvent.OperatorReply e -> operator(e, e.conversation(),
                    () -> app.reply.reply(id(e.channel(), e.conversation()), e.text(), e.actor()));
            case ReplayEvent.Unblock e -> operator(e, e.conversation(), () -> app.unblock.unblock(
                    id(e.channel(), e.conversation()), e.resumeState(), e.note(), e.actor()));
            case ReplayEvent.External e -> operator(e, e.conversation(), () -> app.externalEvent.deliver(
                    id(e.channel(), e.conversation()), e.name(), e.data(), e.actor()));
            case ReplayEvent.Advance e -> {
            }
        }
        arriving = moreArriveAtOnce;
        if (arriving) return;
        runDueUpTo(event.at());
        recorder.rethrow();
        var miss = app.model.takeCassetteMiss();
        if (miss.isPresent()) {
            throw new ReplayInputException("--model", event.line(), "cassette", miss.get().getMessage());
        }
    }

    private void inbound(ReplayEvent.Inbound e) {
        channelOfKey.put(e.conversation(), e.channel());
        app.receive.receive(new InboundMessage(e.channel(), e.id(), e.conversation(), e.from(), e.to(), e.text(),
                e.replyTo(), null, e.playbook(), e.senderName(),
                ChatDetails.forGenericMessage(e.channel(), e.conversation(), e.from())), null);
    }

    /** Runs an operator action; a refusal (what the API answers with a 4xx) becomes a {@code rejected} line. */
    private void operator(ReplayEvent event, String key, Runnable action) {
        try {
            action.run();
        } catch (InvalidRequestException e) {
            reject(event, key, e.field(), e.getMessage());
        } catch (ConflictException | NotFoundException e) {
            reject(event, key, null, e.getMessage());
        }
    }

    private void reject(ReplayEvent event, String key, String field, String reason) {
        recorder.publishLine(TranscriptLine.rejected(clock.instant(), key, event.type(), event.line(), field, reason));
    }

    /** The conversation id of a key, on {@code channel} or else the channel the replay last used the key on. */
    private long id(String channel, String key) {
        var ch = channel != null ? channel : channelOfKey.get(key);
        var cacheKey = ch + "\u0000" + key;
        var cached = idOfChannelKey.get(cacheKey);
        if (cached != null) return cached;
        var found = app.transactions.inTransaction(s -> {
            if (ch != null) return s.conversations().findByKey(ch, key);
            // A key the replay never introduced: look on every channel, in a fixed order.
            return ReplayFileReader.CHANNELS.stream().sorted()
                    .map(c -> s.conversations().findByKey(c, key)).flatMap(Optional::stream).findFirst();
        }).orElseThrow(() -> new NotFoundException("conversation '" + key + "'"));
        idOfChannelKey.put(found.channel() + "\u0000" + key, found.id());
        return found.id();
    }

    /** The stored id of a conversation key, if the replay created it. */
    public Optional<Long> conversationId(String channel, String key) {
        try {
            return Optional.of(id(channel, key));
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }

    private record Due(Optional<Instant> inbox, Optional<Instant> outbox, Optional<Instant> jobs) {
        Optional<Instant> earliest() {
            return java.util.stream.Stream.of(inbox, outbox, jobs).flatMap(Optional::stream).min(Instant::compareTo);
        }
    }

    private Due due() {
        return app.transactions.inTransaction(s -> new Due(s.inbox().nextDueAt(), s.outbox().nextDueAt(),
                s.jobs().nextDueAt()));
    }

    /** Moves the clock to each due time up to {@code until} in order, running what is due there. */
    private void runDueUpTo(Instant until) {
        int rounds = 0;
        Instant roundsAt = null;
        while (true) {
            var due = knownDue != null ? knownDue : due();
            knownDue = null;
            var next = due.earliest();
            if (next.isEmpty() || next.get().isAfter(until)) {
                knownDue = due;
                return;
            }
            if (next.get().isAfter(clock.instant())) clock.set(next.get());
            var now = clock.instant();
            if (!now.equals(roundsAt)) {
                roundsAt = now;
                rounds = 0;
            }
            if (++rounds > MAX_ROUNDS_PER_INSTANT) {
                throw new IllegalStateException("work keeps falling due at " + now + ": a playbook loop?");
            }
            int done = 0;
            if (isDue(due.inbox(), now)) done += app.worker.drain();
            if (isDue(due.outbox(), now)) done += app.deliverOutbox.deliverDue(BATCH);
            if (isDue(due.jobs(), now)) done += app.runDueJobs.runDue(BATCH);
            if (done == 0) return;
        }
    }

    private static boolean isDue(Optional<Instant> at, Instant now) {
        return at.isPresent() && !at.get().isAfter(now);
    }

    @Override
    public void close() {
        try {
            app.close();
        } finally {
            // DB_CLOSE_DELAY=-1 keeps an in-memory database until it is shut down; free it now.
            if (dbUrl != null) shutdownH2(dbUrl);
            deleteQuietly(scratchHome);
        }
    }

    private static void shutdownH2(String dbUrl) {
        try (var c = DriverManager.getConnection(dbUrl, "sa", ""); var st = c.createStatement()) {
            st.execute("SHUTDOWN");
        } catch (SQLException ignored) {
            // already gone
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) return;
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp dir left behind is harmless
        }
    }
}
