package dev.parley.adapter.persistence;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.application.JsonMappers;
import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.RetryPolicy;
import dev.parley.application.RedactedThrowable;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pipeline events between the Parley processes of one PostgreSQL store (docs/team.md, "Live updates"): what this
 * process publishes is sent with {@code NOTIFY parley_events} after its transaction committed, and what the others
 * send arrives through {@code LISTEN} on a connection of its own and is published here as if it had happened here,
 * so a console sees another process's work within a fraction of a second, event by event (no queue is reloaded).
 *
 * <p>The listening connection is probed every {@link #PROBE} while it is quiet (a connection that died silently, a
 * host gone or a firewall that dropped it, would otherwise wait for notifications for ever). When it is lost, it is
 * opened again as {@link RetryPolicy#EVENTS} says; events sent meanwhile are not replayed (PostgreSQL keeps no
 * notification for a session that is not listening), so until it is back a {@link PipelineEvent.StoreChanged} every
 * {@link #POLL} tells the console to read what it shows again (polling), and one more when it is back. Payloads carry
 * the events' ids and names, as the in-process events do; PostgreSQL caps a payload below 8000 bytes, so a batch is
 * split, and a single event too large for one (a very long task text) is sent shortened.
 */
public final class PostgresEventBridge implements PipelineEvents, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PostgresEventBridge.class);
    static final String CHANNEL = "parley_events";
    static final int MAX_PAYLOAD = 7000;
    /** How often the console is told to read the store again while the other processes' events do not arrive. */
    static final Duration POLL = Duration.ofSeconds(2);
    /** How long the listening connection may stay quiet before it is probed. */
    static final Duration PROBE = Duration.ofSeconds(5);
    /** A probe not answered within this many seconds has lost the server (the driver's socket timeout). */
    static final int SOCKET_TIMEOUT_SECONDS = 5;
    private static final ObjectMapper JSON = JsonMappers.PLAIN;
    private static final Map<String, Class<? extends PipelineEvent>> TYPES = Stream.of(
                    PipelineEvent.class.getPermittedSubclasses())
            .map(c -> c.asSubclass(PipelineEvent.class))
            .collect(Collectors.toMap(Class::getSimpleName, Function.identity()));

    private final String url;
    private final Properties login;
    private final DataSource pool;
    private final long processId;
    private final PipelineEvents local;
    private final RandomGenerator random;
    private final Thread listener;
    private final java.util.concurrent.ScheduledExecutorService poller;
    private volatile boolean running = true;
    private volatile Connection listening;
    private volatile boolean connected;
    private final java.util.concurrent.CountDownLatch firstAttempt = new java.util.concurrent.CountDownLatch(1);

    /**
     * @param processId this process's id in the store: its own notifications come back to it and are skipped
     * @param local where events of other processes are published (the process's event fan-out)
     * @param random the jitter of reconnecting
     */
    public PostgresEventBridge(String url, String user, String password, DataSource pool, long processId,
                               PipelineEvents local, RandomGenerator random) {
        this.url = url;
        this.login = DedicatedConnection.login(user, password, "events", SOCKET_TIMEOUT_SECONDS);
        this.pool = pool;
        this.processId = processId;
        this.local = local;
        this.random = random;
        this.listener = Thread.ofPlatform().daemon().name("parley-events-listen").unstarted(this::listen);
        this.poller = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("parley-events-poll").factory());
    }

    /** Starts listening; returns once the first LISTEN is in place (or failed, then it keeps trying). */
    public PostgresEventBridge start() {
        listener.start();
        poller.scheduleWithFixedDelay(this::pollWhileDeaf, POLL.toMillis(), POLL.toMillis(),
                java.util.concurrent.TimeUnit.MILLISECONDS);
        try {
            firstAttempt.await(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return this;
    }

    /** Whether the listening connection is up (for /health and the console's status). */
    public boolean connected() {
        return connected;
    }

    /** While the other processes' events do not arrive: whoever shows the store reads it again (polling). */
    private void pollWhileDeaf() {
        if (connected || !running) return;
        try {
            local.publish(List.of(new PipelineEvent.StoreChanged()));
        } catch (RuntimeException e) {
            LOG.warn("polling for the other processes' changes failed", RedactedThrowable.of(e));
        }
    }

    /** Sends this process's events to the others (called by the fan-out after a commit). */
    @Override
    public void publish(List<PipelineEvent> events) {
        if (events.isEmpty() || Thread.currentThread() == listener) return; // not back to where they came from
        // StoreChanged is about this process's view of the store (polling, reconnected): not news for the others
        var news = events.stream().filter(e -> !(e instanceof PipelineEvent.StoreChanged)).toList();
        if (news.isEmpty()) return;
        var payloads = payloads(processId, news);
        try (var c = pool.getConnection(); var st = c.prepareStatement("select pg_notify(?, ?)")) {
            for (var payload : payloads) {
                st.setString(1, CHANNEL);
                st.setString(2, payload);
                st.execute();
            }
            c.commit();
        } catch (SQLException e) {
            LOG.warn("events not sent to the other processes ({} events): {}", news.size(), e.getSQLState());
        }
    }

    /** The events as JSON payloads of at most {@value #MAX_PAYLOAD} bytes: {"p": process, "e": [events]}. */
    static List<String> payloads(long processId, List<PipelineEvent> events) {
        var out = new ArrayList<String>();
        var batch = JSON.createArrayNode();
        int size = 0;
        for (var event : events) {
            var node = encode(event);
            int length = node.toString().getBytes(StandardCharsets.UTF_8).length;
            if (length > MAX_PAYLOAD - 64) {
                shorten(node);
                length = node.toString().getBytes(StandardCharsets.UTF_8).length;
            }
            if (size + length > MAX_PAYLOAD - 64 && !batch.isEmpty()) {
                out.add(envelope(processId, batch));
                batch = JSON.createArrayNode();
                size = 0;
            }
            batch.add(node);
            size += length + 1;
        }
        if (!batch.isEmpty()) out.add(envelope(processId, batch));
        return out;
    }

    private static ObjectNode encode(PipelineEvent event) {
        ObjectNode node = JSON.valueToTree(event);
        node.put("@type", event.getClass().getSimpleName());
        return node;
    }

    /** Cuts every text field of an oversized event to 500 characters. */
    private static void shorten(ObjectNode node) {
        for (var name : List.copyOf(node.properties().stream().map(Map.Entry::getKey).toList())) {
            var value = node.get(name);
            if (value.isTextual() && value.asText().length() > 500) node.put(name, value.asText().substring(0, 500));
        }
    }

    private static String envelope(long processId, com.fasterxml.jackson.databind.node.ArrayNode events) {
        var root = JSON.createObjectNode();
        root.put("p", processId);
        root.set("e", events);
        return root.toString();
    }

    /** The events of a payload, or none when it came from {@code self} (or cannot be read). */
    static List<PipelineEvent> decode(String payload, long self) {
        try {
            var root = JSON.readTree(payload);
            if (root.path("p").asLong() == self) return List.of();
            var events = new ArrayList<PipelineEvent>();
            for (var node : root.path("e")) {
                var type = TYPES.get(node.path("@type").asText());
                if (type == null) continue; // an event a newer Parley knows and this one does not
                var fields = ((ObjectNode) node.deepCopy()).without("@type");
                events.add(JSON.treeToValue(fields, type));
            }
            return events;
        } catch (java.io.IOException | RuntimeException e) {
            LOG.warn("unreadable event notification ignored: {}", e.getClass().getSimpleName());
            return List.of();
        }
    }

    private void listen() {
        boolean everConnected = false;
        int failures = 0;
        while (running) {
            try (var c = DriverManager.getConnection(url, login)) {
                c.setAutoCommit(true);
                try (var st = c.createStatement()) {
                    st.execute("listen " + CHANNEL);
                }
                listening = c;
                connected = true;
                failures = 0;
                firstAttempt.countDown();
                if (everConnected) {
                    LOG.info("listening for other processes' events again");
                    local.publish(List.of(new PipelineEvent.StoreChanged()));
                }
                everConnected = true;
                var pg = c.unwrap(PGConnection.class);
                long quietSince = System.nanoTime();
                while (running) {
                    var notifications = pg.getNotifications(500);
                    if (notifications == null || notifications.length == 0) {
                        if (System.nanoTime() - quietSince > PROBE.toNanos()) {
                            probe(c);
                            quietSince = System.nanoTime();
                        }
                        continue;
                    }
                    quietSince = System.nanoTime();
                    for (var n : notifications) {
                        var events = decode(n.getParameter(), processId);
                        if (!events.isEmpty()) local.publish(events);
                    }
                }
            } catch (SQLException e) {
                if (!running) return;
                if (connected || !everConnected) {
                    LOG.warn("not listening for other processes' events ({}); trying again, at most every {} s, "
                            + "and reading the store again every {} s meanwhile", e.getSQLState(),
                            RetryPolicy.EVENTS.cap().toSeconds(), POLL.toSeconds());
                }
            } finally {
                connected = false;
                listening = null;
                firstAttempt.countDown();
            }
            sleep(RetryPolicy.EVENTS.delay(++failures, random));
        }
    }

    /** Fails when the connection is gone (a quiet connection tells nothing otherwise). */
    private static void probe(Connection c) throws SQLException {
        try (var st = c.createStatement()) {
            st.execute("select 1");
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        running = false;
        poller.shutdownNow();
        var c = listening;
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                LOG.debug("closing the events connection: {}", e.getSQLState());
            }
        }
        try {
            listener.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
