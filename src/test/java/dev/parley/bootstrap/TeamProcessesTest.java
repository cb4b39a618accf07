package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.testing.ChildParley;
import dev.parley.testing.PostgresCluster;
import dev.parley.testing.SignedWebhook;
import dev.parley.testing.TestParley;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Team mode's evidence (issue 15): three {@code parley serve} processes on one PostgreSQL database, two of them with
 * the webhook listener and one without. Signed webhooks over many conversations are posted round-robin to the two
 * listeners, each conversation's messages one after another (the next is sent once the previous was acknowledged);
 * one listener process is killed with {@code kill -9} mid-run and its clients move to the other listener. Then every
 * acknowledged message is in the inbox once, PROCESSED, and in {@code messages} once, in the order it was sent within
 * its conversation; every reply was created once and none is left PENDING or SENDING (the killed process's lanes and
 * claims passed to the others).
 *
 * <p>The suite runs a small load; {@code -Dteam.messages=10000 -Dteam.conversations=200} runs the full one
 * (figures in docs/benchmarks.md).
 */
class TeamProcessesTest {
    static final int MESSAGES = Integer.getInteger("team.messages", 360);
    static final int CONVERSATIONS = Integer.getInteger("team.conversations", 30);
    static final int CLIENTS = 8;
    static final Duration STARTUP = Duration.ofMinutes(3);

    @TempDir Path dir;

    @Test
    void threeProcessesOnOnePostgresProcessEveryMessageOnceInOrderAndSurviveAKill() throws Exception {
        var url = PostgresCluster.shared().newDatabase();
        var settings = new ArrayList<>(PostgresCluster.settings(url));
        settings.addAll(List.of("api.token=" + TestParley.TOKEN, "webhooks.generic.secret=" + TestParley.SECRET,
                "db.pool_size=8", "playbook.default=reply-each", "playbook.inbound=reply-each"));
        var a = child("a", settings);
        var b = child("b", settings);
        var worker = child("worker", concat(settings, "listener.enabled=false"));
        try {
            a.startAndAwaitHealthy(STARTUP);
            b.startAndAwaitHealthy(STARTUP);
            worker.launch();
            await().atMost(STARTUP).until(() -> runningProcesses(url) == 3);

            var poster = new Poster(List.of(a.baseUrl(), b.baseUrl()));
            var killed = new AtomicInteger();
            long began = System.nanoTime();
            poster.run(() -> {
                if (poster.acknowledged.size() >= MESSAGES / 3 && killed.compareAndSet(0, 1)) {
                    b.kill(); // mid-run: its clients fail over to a
                    poster.down.add(b.baseUrl());
                }
            });
            assertThat(killed.get()).as("b was killed mid-run").isEqualTo(1);
            await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(200))
                    .until(() -> settled(url, MESSAGES));
            long elapsed = (System.nanoTime() - began) / 1_000_000;
            System.out.printf("team: %d messages over %d conversations, 3 processes (1 killed), acknowledged and "
                    + "processed in %d ms (%.0f msg/s)%n", MESSAGES, CONVERSATIONS, elapsed,
                    MESSAGES * 1000.0 / elapsed);

            assertThat(poster.failures).as("answers other than 2xx").isEmpty();
            assertThat(poster.acknowledged).hasSize(MESSAGES);
            try (var c = DriverManager.getConnection(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD)) {
                assertThat(count(c, "select count(*) from inbox")).isEqualTo(MESSAGES);
                assertThat(count(c, "select count(*) from inbox where status = 'PROCESSED'")).isEqualTo(MESSAGES);
                assertThat(count(c, "select count(*) from messages where direction = 'IN'")).isEqualTo(MESSAGES);
                assertThat(count(c, "select count(distinct provider_id) from messages where direction = 'IN'"))
                        .isEqualTo(MESSAGES);
                // in order within each conversation: stored (message id) order is the order sent
                var sequences = new HashMap<String, List<Integer>>();
                try (var rs = c.createStatement().executeQuery("select c.conv_key, m.provider_id from messages m "
                        + "join conversations c on c.id = m.conversation_id where m.direction = 'IN' order by m.id")) {
                    while (rs.next()) {
                        sequences.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                                .add(Integer.parseInt(rs.getString(2).substring(rs.getString(2).lastIndexOf('-') + 1)));
                    }
                }
                assertThat(sequences).hasSize(CONVERSATIONS);
                sequences.forEach((conversation, order) -> assertThat(order).as(conversation).isSorted());
                // one reply per message, none left in flight: the killed process's claims were taken over
                assertThat(count(c, "select count(*) from outbox")).isEqualTo(MESSAGES);
                assertThat(count(c, "select count(*) from outbox where status in ('PENDING', 'SENDING')")).isZero();
            }
        } finally {
            for (var child : List.of(a, b, worker)) {
                if (child.alive()) child.stop();
            }
        }
    }

    private ChildParley child(String name, List<String> settings) throws IOException {
        var home = Files.createDirectories(dir.resolve(name));
        return new ChildParley(home, settings, dev.parley.bootstrap.launch.ServeWithTestPlaybooks.class.getName());
    }

    private static List<String> concat(List<String> list, String more) {
        var out = new ArrayList<>(list);
        out.add(more);
        return out;
    }

    /** Every message processed and every reply settled (not PENDING, not SENDING). */
    private static boolean settled(String url, int messages) throws SQLException {
        try (var c = DriverManager.getConnection(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD)) {
            return count(c, "select count(*) from inbox where status = 'PROCESSED'") == messages
                    && count(c, "select count(*) from outbox where status not in ('PENDING', 'SENDING')") == messages;
        }
    }

    private static int runningProcesses(String url) throws SQLException {
        try (var c = DriverManager.getConnection(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD)) {
            return (int) count(c, "select count(*) from parley_processes p where p.stopped_at is null and "
                    + "exists (select 1 from pg_locks l where l.locktype = 'advisory' and l.objsubid = 2 "
                    + "and l.objid::bigint = p.id)");
        }
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (var rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * Posts {@link #MESSAGES} signed webhooks over {@link #CONVERSATIONS} conversations from {@link #CLIENTS} clients,
     * each client owning some conversations and sending each conversation's messages in order, alternating between
     * the listeners; a listener that does not answer is marked down and the message is sent to the next one.
     */
    static final class Poster {
        final List<String> listeners;
        final java.util.Set<String> down = ConcurrentHashMap.newKeySet();
        final java.util.Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        final java.util.Queue<String> failures = new java.util.concurrent.ConcurrentLinkedQueue<>();
        private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2)).build();

        Poster(List<String> listeners) {
            this.listeners = listeners;
        }

        interface Hook {
            void afterAck() throws Exception;
        }

        void run(Hook afterAck) throws Exception {
            int perConversation = MESSAGES / CONVERSATIONS;
            var threads = new ArrayList<Thread>();
            var error = new java.util.concurrent.atomic.AtomicReference<Throwable>();
            for (int client = 0; client < CLIENTS; client++) {
                int first = client;
                threads.add(Thread.ofVirtual().start(() -> {
                    try {
                        int turn = first;
                        for (int k = 0; k < perConversation; k++) {
                            for (int conv = first; conv < CONVERSATIONS; conv += CLIENTS) {
                                deliver("team-" + conv + "-" + k, conv, turn++);
                                afterAck.afterAck();
                            }
                        }
                    } catch (Throwable t) {
                        error.compareAndSet(null, t);
                    }
                }));
            }
            for (var t : threads) t.join();
            if (error.get() != null) throw new AssertionError("poster failed", error.get());
        }

        /** Sends until a listener acknowledges it (a listener that was killed answers nothing: the next one is asked). */
        private void deliver(String id, int conversation, int turn) throws Exception {
            for (int attempt = 0; attempt < 40; attempt++) {
                var baseUrl = listeners.get((turn + attempt) % listeners.size());
                if (down.contains(baseUrl)) continue;
                try {
                    var response = http.send(request(baseUrl, id, conversation), HttpResponse.BodyHandlers.ofString());
                    if (response.statusCode() / 100 == 2) {
                        acknowledged.add(id);
                        return;
                    }
                    if (response.statusCode() != 503) {
                        failures.add(id + ": HTTP " + response.statusCode() + " " + response.body());
                        return;
                    }
                } catch (IOException noAnswer) {
                    // the listener died under this request: whether it stored the message or not, send it elsewhere
                }
                Thread.sleep(50);
            }
            failures.add(id + ": never acknowledged");
        }

        private static HttpRequest request(String baseUrl, String id, int conversation) {
            var body = "{\"id\":\"" + id + "\",\"channel\":\"sms\",\"conversation\":\"team-" + conversation
                    + "\",\"from\":\"+1555020" + conversation + "\",\"text\":\"team " + id + "\"}";
            return SignedWebhook.generic(baseUrl, TestParley.SECRET, body, "msg_" + id + "_" + System.nanoTime(),
                    Duration.ofSeconds(20));
        }
    }
}
