package dev.parley.adapter.persistence;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.application.JsonMappers;
import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.RetryPolicy;
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
 * <p>When the listening connection is lost, it is opened again as {@link RetryPolicy#EVENTS} says; events sent meanwhile are
 * not replayed (PostgreSQL keeps no notification for a session that is not listening), so on reconnecting a
 * {@link PipelineEvent.StoreChanged} tells the console to refresh what it shows. Payloads carry the events' ids and
 * names, as the in-process events do; PostgreSQL caps a payload below 8000 bytes, so a batch is split, and a single
 * event too large for one (a very long task text) is sent shortened.
 */
public final class PostgresEventBridge implements PipelineEvents, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PostgresEventBridge.class);
    static final String CHANNEL = "parley_events";
    static final int MAX_PAYLOAD = 7000;
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
        this.login = new Properties();
        login.setProperty("user", user);
        login.setProperty("password", password);
        login.setProperty("logServerErrorDetail", "false");
        login.setProperty("ApplicationName", "parley pid " + ProcessHandle.current().pid() + " (events)");
        this.pool = pool;
        this.processId = processId;
        this.local = local;
        this.random = random;
        this.listener = Thread.ofPlatform().daemon().name("parley-events-listen").unstarted(this::listen);
    }

    /** Starts listening; returns once the first LISTEN is in place (or failed, then it keeps trying). */
    public PostgresEventBridge start() {
        listener.start();
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

    /** Sends this process's events to the others (called by the fan-out after a commit). */
    @Override
    public void publish(List<PipelineEvent> events) {
        if (events.isEmpty() || Thread.currentThread() == listener) return; // not back to where they came from
        var payloads = payloads(processId, events);
        try (var c = pool.getConnection(); var st = c.prepareStatement("select pg_notify(?, ?)")) {
            for (var payload : payloads) {
                st.setString(1, CHANNEL);
                st.setString(2, payload);
                st.execute();
            }
            c.commit();
        } catch (SQLException e) {
            LOG.warn("events not sent to the other processes ({} events): {}", events.size(), e.getSQLState());
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
                while (running) {
                    var notifications = pg.getNotifications(500);
                    if (notifications == null) continue;
                    for (var n : notifications) {
                        var events = decode(n.getParameter(), processId);
                        if (!events.isEmpty()) local.publish(events);
                    }
                }
            } catch (SQLException e) {
                if (!running) return;
                if (connected || !everConnected) {
                    LOG.warn("not listening for other processes' events ({}); trying again, at most every {} s",
                            e.getSQLState(), RetryPolicy.EVENTS.cap().toSeconds());
                }
            } finally {
                connected = false;
                listening = null;
                firstAttempt.countDown();
            }
            sleep(RetryPolicy.EVENTS.delay(++failures, random));
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
