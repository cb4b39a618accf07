package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.domain.conversation.ScheduledJob;
import dev.parley.domain.embedding.Embedding;
import dev.parley.testing.PostgresCluster;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A desk's H2 store copied into a PostgreSQL store: everything, verified, refused over data, restartable. */
class StoreCopyTest {
    static final PostgresCluster PG = PostgresCluster.shared();
    @TempDir Path dir;

    StoreCopy.Endpoint desk() throws Exception {
        var url = "jdbc:h2:file:" + dir.resolve("desk") + ";WRITE_DELAY=0";
        try (var database = Database.open(url, "sa", "", 2)) {
            dev.parley.bootstrap.demo.PipelineDemo.generate(database.dataSource(), 40, 6, 3,
                    Instant.parse("2026-03-01T10:00:00Z"));
            var tx = database.transactions();
            var at = Instant.parse("2026-03-01T11:00:00.123456Z");
            tx.run(s -> {
                s.jobs().schedule(ScheduledJob.TIMER, 1L, "nudge", "AwaitingReply", at, at);
                s.audit().record("Dana", "reply", "conversation", 1L, "{\"outbox_id\":3}", at);
                s.tasks().add(2, null, "call back", "todo", at);
                s.embeddings().put(1, new Embedding("test-model", new float[] {0.6f, 0.8f}));
            });
            new JdbcModelCallLog(database.dataSource()).record(ModelCallLogContractTest.call("plan", 1L, "ok", false));
        }
        return new StoreCopy.Endpoint(url, "sa", "");
    }

    static StoreCopy.Endpoint team(String url) {
        return new StoreCopy.Endpoint(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD);
    }

    @Test
    void copiesEverythingAndVerifiesItAndIdentitiesContinue() throws Exception {
        var from = desk();
        var to = team(PG.newEmptyDatabase());
        var lines = new ArrayList<String>();
        var report = new StoreCopy(Clock.systemUTC(), lines::add).copy(from, to, false);

        assertThat(report.verified()).isTrue();
        assertThat(report.resumed()).isFalse();
        var rows = report.tables().stream().collect(java.util.stream.Collectors.toMap(StoreCopy.TableReport::table,
                StoreCopy.TableReport::targetRows));
        // the pipeline demo schedules, audits and adds tasks itself; the rows added above come on top of its own
        assertThat(rows).containsEntry("conversations", 40L).containsEntry("message_embeddings", 1L)
                .containsEntry("model_calls", 1L);
        assertThat(report.tables()).filteredOn(t -> List.of("scheduled_jobs", "audit_log", "tasks", "search_terms")
                .contains(t.table())).hasSize(4).allSatisfy(t -> {
                    assertThat(t.targetRows()).isPositive().isEqualTo(t.sourceRows());
                    assertThat(t.targetChecksum()).isEqualTo(t.sourceChecksum());
                });
        assertThat(rows.get("messages")).isGreaterThan(100);
        assertThat(rows).doesNotContainKeys("flyway_schema_history", "parley_processes", "store_copies");
        assertThat(report.copiedRows()).isEqualTo(rows.values().stream().mapToLong(Long::longValue).sum());
        var order = report.tables().stream().map(StoreCopy.TableReport::table).toList();
        assertThat(order.indexOf("contacts")).isLessThan(order.indexOf("conversations"));
        assertThat(order.indexOf("conversations")).isLessThan(order.indexOf("messages"));
        assertThat(order.indexOf("messages")).isLessThan(order.indexOf("message_embeddings"));
        assertThat(lines).hasSize(report.tables().size()).allMatch(l -> l.endsWith("verified"));

        try (var database = Database.open(to.url(), to.user(), to.password(), 2)) {
            long contact = database.transactions().inTransaction(s -> s.contacts().findOrCreate("sms", "+19990001",
                    null, Instant.now()).id());
            assertThat(contact).as("identity continues after the copied ids").isEqualTo(rows.get("contacts") + 1);
            var embedding = database.transactions().inTransaction(s -> s.embeddings().ofMessage(1, "test-model"))
                    .orElseThrow();
            assertThat(embedding.vector()).containsExactly(0.6f, 0.8f);
        }
    }

    @Test
    void aTargetWithDataIsRefusedUnlessForcedAndForceReplacesIt() throws Exception {
        var from = desk();
        var to = team(PG.newDatabase());
        try (var database = Database.open(to.url(), to.user(), to.password(), 2)) {
            database.transactions().run(s -> s.contacts().findOrCreate("sms", "+1555000999", null, Instant.now()));
        }
        var copy = new StoreCopy(Clock.systemUTC(), line -> { });
        assertThatThrownBy(() -> copy.copy(from, to, false)).isInstanceOf(StoreCopy.RefusedException.class)
                .hasMessage("the target store is not empty (contacts has 1 rows); --force deletes its contents and "
                        + "copies again");
        var report = copy.copy(from, to, true);
        assertThat(report.replaced()).isTrue();
        assertThat(report.verified()).isTrue();
        assertThatThrownBy(() -> copy.copy(from, to, false)).as("a finished copy is not copied over")
                .isInstanceOf(StoreCopy.RefusedException.class);
    }

    @Test
    void anInterruptedCopyResumesWhereItStopped() throws Exception {
        var from = desk();
        var to = team(PG.newEmptyDatabase());
        var interrupted = new StoreCopy(Clock.systemUTC(), line -> {
            if (line.startsWith("conversations ")) throw new IllegalStateException("power cut");
        });
        assertThatThrownBy(() -> interrupted.copy(from, to, false)).hasMessage("power cut");
        long messagesBefore;
        try (var c = DriverManager.getConnection(to.url(), to.user(), to.password()); var st = c.createStatement()) {
            // as if the copy had stopped in the middle of a table: the last committed batch of messages is lost
            try (var rs = st.executeQuery("select count(*) from messages")) {
                rs.next();
                messagesBefore = rs.getLong(1);
            }
            st.executeUpdate("delete from message_embeddings");
            st.executeUpdate("delete from conversation_events");
        }
        assertThat(messagesBefore).as("messages come after conversations").isZero();

        var report = new StoreCopy(Clock.systemUTC(), line -> { }).copy(from, to, false);
        assertThat(report.resumed()).isTrue();
        assertThat(report.replaced()).isFalse();
        assertThat(report.verified()).isTrue();
        var copied = report.tables().stream().filter(t -> List.of("contacts", "conversations").contains(t.table()))
                .mapToLong(StoreCopy.TableReport::copied).sum();
        assertThat(copied).as("tables finished before the interruption are not copied again").isZero();
    }

    @Test
    void theChecksumSeesAChangedValueAndTheSameRowsInBothDatabasesAlike() throws Exception {
        var from = desk();
        var to = team(PG.newEmptyDatabase());
        new StoreCopy(Clock.systemUTC(), line -> { }).copy(from, to, false);
        try (var h2 = DriverManager.getConnection(from.url(), "sa", "");
             var pg = DriverManager.getConnection(to.url(), to.user(), to.password())) {
            h2.setAutoCommit(false);
            pg.setAutoCommit(false);
            var messages = CopiedTable.parentsFirst(pg).stream().filter(t -> t.name().equals("messages"))
                    .findFirst().orElseThrow();
            assertThat(TableChecksum.of(pg, messages)).isEqualTo(TableChecksum.of(h2, messages));
            try (var st = pg.createStatement()) {
                st.executeUpdate("update messages set sent_at = sent_at + interval '1 microsecond' where id = 5");
            }
            pg.commit();
            assertThat(TableChecksum.of(pg, messages).sha256()).isNotEqualTo(TableChecksum.of(h2, messages)
                    .sha256());
        }
    }
}
