package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import dev.parley.bootstrap.launch.ServeWithTestPlaybooks;
import dev.parley.testing.ChildParley;
import dev.parley.testing.PostgresCluster;
import dev.parley.testing.ReplyToEachPlaybook;
import dev.parley.testing.SignedWebhook;
import dev.parley.testing.TestParley;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37, team mode: two {@code parley serve} processes on one PostgreSQL database answer a steady stream of signed
 * webhooks through a provider that takes 200 ms per message (so sends are always on the wire) while the database
 * drops them three times: every process's registration session is ended ({@code pg_terminate_backend}), then every
 * one of their connections, then the server restarts. A process whose lock went away for a moment must not be taken
 * for gone by the other: nothing is sent twice, nothing is lost, nothing ends DELIVERY_UNKNOWN, and each process
 * registers again. Once through Twilio (not idempotent: a row taken over would end DELIVERY_UNKNOWN) and once through
 * the signed-webhook sender (idempotent: a row taken over would be sent again).
 *
 * <p>Runs on a PostgreSQL of its own (it restarts it).
 */
class TeamSessionLossTest {
    static final int CONVERSATIONS = 16;
    static final int PER_CONVERSATION = 12;
    static final int MESSAGES = CONVERSATIONS * PER_CONVERSATION;
    static final int CLIENTS = 4;
    static final String SID = "AC0123456789abcdef0123456789abcdef";

    enum Provider { TWILIO, WEBHOOK }

    @TempDir Path dir;
    @AutoClose("close") PostgresCluster cluster;

    @ParameterizedTest
    @EnumSource(Provider.class)
    void aDroppedSessionAndARestartedServerUnderLoadSendNothingTwiceAndLoseNothing(Provider provider) throws Exception {
        cluster = PostgresCluster.start();
        var url = cluster.newDatabase();
        try (var receiver = new Receiver(provider)) {
            var settings = new ArrayList<>(PostgresCluster.settings(url));
            settings.addAll(List.of("api.token=" + TestParley.TOKEN, "webhooks.generic.secret=" + TestParley.SECRET,
                    "db.pool_size=8", "alerts.model=off", "playbook.default=" + ReplyToEachPlaybook.NAME,
                    "playbook.inbound=" + ReplyToEachPlaybook.NAME));
            settings.addAll(provider == Provider.TWILIO
                    ? List.of("sender=twilio", "twilio.base_url=" + receiver.url(), "twilio.account_sid=" + SID,
                            "webhooks.twilio.auth_token=" + TestParley.TWILIO_TOKEN, "twilio.from=+15005550006")
                    : List.of("sender=webhook", "sender.webhook.url=" + receiver.url() + "/outbound",
                            "sender.webhook.secret=" + TestParley.SECRET));
            var a = new ChildParley(Files.createDirectories(dir.resolve("a")), settings,
                    ServeWithTestPlaybooks.class.getName());
            var b = new ChildParley(Files.createDirectories(dir.resolve("b")), settings,
                    ServeWithTestPlaybooks.class.getName());
            try {
                long launched = System.nanoTime();
                a.launch();
                b.launch();
                a.awaitHealthy(launched, ChildParley.STARTUP);
                b.awaitHealthy(launched, ChildParley.STARTUP);

                var disruptions = new Disruptions(url);
                var poster = new Poster(List.of(a.baseUrl(), b.baseUrl()));
                poster.run(acknowledged -> {
                    if (acknowledged >= MESSAGES / 4) disruptions.once(0, () -> endSessions(url, "% (session)"));
                    if (acknowledged >= MESSAGES / 2) disruptions.once(1, () -> endSessions(url, "parley pid %"));
                    if (acknowledged >= 3 * MESSAGES / 4) disruptions.once(2, () -> {
                        cluster.restart();
                        return null;
                    });
                });
                disruptions.await();
                await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(500))
                        .until(() -> settled(url));

                assertThat(poster.failures).as("messages never acknowledged, or refused").isEmpty();
                assertThat(disruptions.ended).as("sessions ended by pg_terminate_backend: registrations, then all")
                        .allMatch(n -> n >= 2);
                try (var c = connect(url)) {
                    assertThat(count(c, "select count(*) from inbox where status = 'PROCESSED'")).isEqualTo(MESSAGES);
                    assertThat(count(c, "select count(*) from messages where direction = 'IN'")).isEqualTo(MESSAGES);
                    assertThat(statuses(c)).as("every reply sent, none taken over").isEqualTo(Map.of("SENT",
                            (long) MESSAGES));
                }
                if (provider == Provider.TWILIO) {
                    assertThat(receiver.requests).as("messages per recipient at Twilio: one reply per message")
                            .hasSize(CONVERSATIONS).allSatisfy((to, n) -> assertThat(n.get()).as(to)
                                    .isEqualTo(PER_CONVERSATION));
                } else {
                    assertThat(receiver.requests).as("requests per outbox row at the receiver").hasSize(MESSAGES)
                            .allSatisfy((row, n) -> assertThat(n.get()).as(row).isEqualTo(1));
                }
                for (var child : List.of(a, b)) {
                    var log = String.join("\n", child.log());
                    assertThat(log).as("the registration was lost and taken again")
                            .contains("lost this process's registration").contains("registered again as process");
                    assertThat(log).as("rows recovered as interrupted").doesNotContain("was left SENDING");
                }
                System.err.printf("team session loss (%s): %d messages, %d requests at the provider, disruptions "
                        + "at %s ms, registrations taken again: a %d, b %d%n", provider, MESSAGES,
                        receiver.total.get(), disruptions.at, again(a), again(b));
            } finally {
                for (var child : List.of(a, b)) if (child.alive()) child.stop();
                keepLogs(provider, List.of(a, b));
            }
        }
    }

    /**
     * The children's logs outlive the temporary directory: {@code target/team-session-loss/<provider>-<time>/a.log}
     * and {@code b.log}, to read what each process did with a row that went wrong.
     */
    private static void keepLogs(Provider provider, List<ChildParley> children) throws IOException {
        var kept = Files.createDirectories(Path.of("target", "team-session-loss",
                provider + "-" + System.currentTimeMillis()));
        for (int i = 0; i < children.size(); i++) {
            Files.write(kept.resolve((char) ('a' + i) + ".log"), children.get(i).log());
        }
    }

    private static long again(ChildParley child) throws IOException {
        return child.log().stream().filter(l -> l.contains("registered again as process")).count();
    }

    /** Ends every backend whose application_name matches {@code pattern}; returns how many. */
    private static int endSessions(String url, String pattern) throws SQLException {
        try (var c = connect(url); var st = c.prepareStatement("select pg_terminate_backend(pid) from "
                + "pg_stat_activity where application_name like ? and pid <> pg_backend_pid()")) {
            st.setString(1, pattern);
            int n = 0;
            try (var rs = st.executeQuery()) {
                while (rs.next()) if (rs.getBoolean(1)) n++;
            }
            return n;
        }
    }

    private static boolean settled(String url) {
        try (var c = connect(url)) {
            return count(c, "select count(*) from inbox where status = 'PROCESSED'") == MESSAGES
                    && count(c, "select count(*) from outbox where status not in ('PENDING', 'SENDING')") == MESSAGES;
        } catch (SQLException e) {
            return false;
        }
    }

    private static Map<String, Long> statuses(Connection c) throws SQLException {
        var out = new java.util.TreeMap<String, Long>();
        try (var rs = c.createStatement().executeQuery("select status, count(*) from outbox group by status")) {
            while (rs.next()) out.put(rs.getString(1), rs.getLong(2));
        }
        return out;
    }

    private static Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD);
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (var rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    interface Step {
        Object run() throws Exception;
    }

    /** The three disruptions, each run once on a thread of its own while the messages keep coming. */
    static final class Disruptions {
        final String url;
        final long began = System.nanoTime();
        final List<Thread> threads = new ArrayList<>();
        final Set<Integer> started = ConcurrentHashMap.newKeySet();
        final Queue<Integer> ended = new ConcurrentLinkedQueue<>();
        final Queue<Long> at = new ConcurrentLinkedQueue<>();
        final AtomicReference<Throwable> error = new AtomicReference<>();

        Disruptions(String url) {
            this.url = url;
        }

        void once(int which, Step step) {
            if (!started.add(which)) return;
            at.add((System.nanoTime() - began) / 1_000_000);
            synchronized (threads) {
                threads.add(Thread.ofVirtual().start(() -> {
                    try {
                        if (step.run() instanceof Integer n) ended.add(n);
                    } catch (Throwable t) {
                        error.compareAndSet(null, t);
                    }
                }));
            }
        }

        void await() throws InterruptedException {
            synchronized (threads) {
                for (var t : threads) t.join();
            }
            if (error.get() != null) throw new AssertionError("a disruption failed", error.get());
            assertThat(started).as("disruptions run").hasSize(3);
        }
    }

    /**
     * Posts {@link #MESSAGES} signed webhooks over {@link #CONVERSATIONS} conversations from {@link #CLIENTS} clients,
     * each conversation's messages one after another, alternating between the listeners; a message is sent again
     * (to the other listener) until it is acknowledged, as a provider does while the store is down (503).
     */
    static final class Poster {
        final List<String> listeners;
        final AtomicInteger acknowledged = new AtomicInteger();
        final Queue<String> failures = new ConcurrentLinkedQueue<>();
        private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2)).build();

        Poster(List<String> listeners) {
            this.listeners = listeners;
        }

        interface Progress {
            void acknowledged(int count) throws Exception;
        }

        void run(Progress progress) throws Exception {
            var error = new AtomicReference<Throwable>();
            try (var clients = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int client = 0; client < CLIENTS; client++) {
                    int first = client;
                    clients.submit(() -> {
                        try {
                            int turn = first;
                            for (int k = 0; k < PER_CONVERSATION; k++) {
                                for (int conv = first; conv < CONVERSATIONS; conv += CLIENTS) {
                                    deliver("loss-" + conv + "-" + k, conv, turn++);
                                    progress.acknowledged(acknowledged.get());
                                }
                            }
                        } catch (Throwable t) {
                            error.compareAndSet(null, t);
                        }
                        return null;
                    });
                }
            }
            if (error.get() != null) throw new AssertionError("poster failed", error.get());
        }

        private void deliver(String id, int conversation, int turn) throws Exception {
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            for (int attempt = 0; System.nanoTime() < deadline; attempt++) {
                var baseUrl = listeners.get((turn + attempt) % listeners.size());
                try {
                    var response = http.send(request(baseUrl, id, conversation), HttpResponse.BodyHandlers.ofString());
                    if (response.statusCode() / 100 == 2) {
                        acknowledged.incrementAndGet();
                        return;
                    }
                    if (response.statusCode() != 503) {
                        failures.add(id + ": HTTP " + response.statusCode());
                        return;
                    }
                } catch (IOException noAnswer) {
                    // sent again below, as a provider does
                }
                Thread.sleep(200);
            }
            failures.add(id + ": never acknowledged");
        }

        private static HttpRequest request(String baseUrl, String id, int conversation) {
            var from = "+1555030" + (1000 + conversation);
            var body = "{\"id\":\"" + id + "\",\"channel\":\"sms\",\"conversation\":\"" + from + "\",\"from\":\""
                    + from + "\",\"text\":\"loss " + id + "\"}";
            return SignedWebhook.generic(baseUrl, TestParley.SECRET, body, "msg_" + id + "_" + System.nanoTime(),
                    Duration.ofSeconds(20));
        }
    }

    /**
     * The provider: answers each message after 200 ms (Twilio: 201 with a message sid; the webhook receiver: 200) and
     * counts the requests per recipient (Twilio: its {@code To}) or per outbox row (the webhook's {@code webhook-id}).
     */
    static final class Receiver implements AutoCloseable {
        final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
        final AtomicInteger total = new AtomicInteger();
        private final HttpServer server;

        Receiver(Provider provider) throws IOException {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
            server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            server.createContext("/", exchange -> {
                try (exchange) {
                    var body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                    var key = provider == Provider.TWILIO ? formField(body, "To")
                            : exchange.getRequestHeaders().getFirst("webhook-id");
                    try {
                        Thread.sleep(200);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    requests.computeIfAbsent(String.valueOf(key), k -> new AtomicInteger()).incrementAndGet();
                    int n = total.incrementAndGet();
                    if (provider == Provider.TWILIO) {
                        var json = ("{\"sid\":\"SM" + String.format("%032x", n) + "\"}")
                                .getBytes(StandardCharsets.UTF_8);
                        exchange.getResponseHeaders().set("Content-Type", "application/json");
                        exchange.sendResponseHeaders(201, json.length);
                        exchange.getResponseBody().write(json);
                    } else {
                        exchange.sendResponseHeaders(200, -1);
                    }
                }
            });
            server.start();
        }

        private static String formField(String body, String name) {
            for (var pair : body.split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0 && pair.substring(0, eq).equals(name)) {
                    return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                }
            }
            return null;
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort();
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }
}
