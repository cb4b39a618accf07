package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.application.PipelineEvent;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.testing.PostgresCluster;
import java.nio.charset.StandardCharsets;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Events of one process reach the others through LISTEN/NOTIFY, and the listening connection comes back. */
class PostgresEventBridgeTest {
    static final PostgresCluster PG = PostgresCluster.shared();

    static PostgresEventBridge bridge(Database database, long processId, List<PipelineEvent> received) {
        return new PostgresEventBridge(database.url(), PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD,
                database.dataSource(), processId, received::addAll, new java.util.Random(processId)).start();
    }

    @Test
    void eventsOfOneProcessArePublishedInTheOthersButNotBackInItself() throws Exception {
        try (var database = Database.open(PG.newDatabase(), PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD, 4)) {
            var inA = new CopyOnWriteArrayList<PipelineEvent>();
            var inB = new CopyOnWriteArrayList<PipelineEvent>();
            try (var a = bridge(database, 101, inA); var b = bridge(database, 102, inB)) {
                assertThat(a.connected()).isTrue();
                var sent = List.<PipelineEvent>of(new PipelineEvent.AlertRaised(7, 3, AlertSeverity.CRITICAL,
                        List.of("self_harm")),
                        new PipelineEvent.OutboxChanged(7, 11, "SENT"),
                        new PipelineEvent.OperatorActed(7, "claim", "Dana"),
                        new PipelineEvent.PlanMade(8, List.of("recall", "answer"), true));
                long t0 = System.nanoTime();
                a.publish(sent);
                await().atMost(Duration.ofSeconds(5)).until(() -> inB.size() == sent.size());
                System.out.printf("events bridge: %d events from A in B after %d ms%n", sent.size(),
                        (System.nanoTime() - t0) / 1_000_000);
                assertThat(inB).containsExactlyElementsOf(sent);
                Thread.sleep(300);
                assertThat(inA).as("a process's own events do not come back to it").isEmpty();
            }
        }
    }

    @Test
    void largeBatchesAreSplitAndAnOversizedTextIsShortened() {
        var events = new ArrayList<PipelineEvent>();
        for (int i = 0; i < 40; i++) events.add(new PipelineEvent.TaskCreated(i, i, "t".repeat(900), "todo"));
        events.add(new PipelineEvent.TaskCreated(99, 99, "é".repeat(5000), "todo"));
        var payloads = PostgresEventBridge.payloads(5, events);
        assertThat(payloads).hasSizeGreaterThan(5)
                .allMatch(p -> p.getBytes(StandardCharsets.UTF_8).length <= PostgresEventBridge.MAX_PAYLOAD);
        var decoded = payloads.stream().flatMap(p -> PostgresEventBridge.decode(p, 6).stream()).toList();
        assertThat(decoded).hasSize(41);
        assertThat(decoded.subList(0, 40)).containsExactlyElementsOf(events.subList(0, 40));
        assertThat(((PipelineEvent.TaskCreated) decoded.getLast()).text()).hasSize(500);
        assertThat(PostgresEventBridge.decode(payloads.getFirst(), 5)).as("own payload").isEmpty();
        assertThat(PostgresEventBridge.decode("{not json", 6)).isEmpty();
    }

    @Test
    void whileItCannotListenTheConsoleIsToldToReadTheStoreAgainEveryFewSecondsAndNothingIsSentOut() throws Exception {
        try (var database = Database.open(PG.newDatabase(), PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD, 4)) {
            var local = new CopyOnWriteArrayList<PipelineEvent>();
            // a server that does not answer: the listening connection never comes up
            String nowhere;
            try (var socket = new java.net.ServerSocket(0)) {
                nowhere = "jdbc:postgresql://127.0.0.1:" + socket.getLocalPort() + "/parley";
            }
            try (var deaf = new PostgresEventBridge(nowhere, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD,
                    database.dataSource(), 301, local::addAll, new java.util.Random(301)).start();
                 var listening = bridge(database, 302, new ArrayList<>())) {
                var heard = new CopyOnWriteArrayList<PipelineEvent>();
                try (var other = bridge(database, 303, heard)) {
                    await().atMost(Duration.ofSeconds(15)).until(() -> local.stream()
                            .filter(e -> e instanceof PipelineEvent.StoreChanged).count() >= 2);
                    assertThat(deaf.connected()).isFalse();
                    deaf.publish(List.of(new PipelineEvent.StoreChanged())); // its polls reach its own console only
                    listening.publish(List.of(new PipelineEvent.StoreChanged(), new PipelineEvent.OutboxChanged(3, 4,
                            "SENT")));
                    await().atMost(Duration.ofSeconds(5)).until(() -> heard.contains(new PipelineEvent.OutboxChanged(3,
                            4, "SENT")));
                    assertThat(heard).as("a StoreChanged is about one process's view: never sent to the others")
                            .doesNotContain(new PipelineEvent.StoreChanged());
                }
            }
        }
    }

    @Test
    void aLostListeningConnectionComesBackAndAsksForARefresh() throws Exception {
        var url = PG.newDatabase();
        try (var database = Database.open(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD, 4)) {
            var inB = new CopyOnWriteArrayList<PipelineEvent>();
            try (var a = bridge(database, 201, new ArrayList<>()); var b = bridge(database, 202, inB)) {
                try (var c = DriverManager.getConnection(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD);
                     var st = c.createStatement()) {
                    st.execute("select pg_terminate_backend(pid) from pg_stat_activity where datname = "
                            + "current_database() and application_name like '%(events)' and pid <> pg_backend_pid()");
                }
                await().atMost(Duration.ofSeconds(10)).until(() -> inB.contains(new PipelineEvent.StoreChanged()));
                await().atMost(Duration.ofSeconds(10)).until(a::connected);
                a.publish(List.of(new PipelineEvent.OutboxChanged(1, 2, "SENT")));
                await().atMost(Duration.ofSeconds(5)).until(() -> inB.contains(
                        new PipelineEvent.OutboxChanged(1, 2, "SENT")));
            }
        }
    }
}
