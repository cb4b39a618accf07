package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One modifying transaction at a time on H2; readers pass; the lock ends with the transaction. */
class SingleWriterTest {
    @TempDir Path dir;
    SingleWriter store;

    @BeforeEach
    void open() throws Exception {
        var h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:file:" + dir.resolve("db") + ";WRITE_DELAY=0");
        store = new SingleWriter(h2);
        try (var c = store.getConnection()) {
            c.createStatement().execute("create table t (id bigint primary key, v varchar(10))");
            c.createStatement().execute("insert into t values (1, 'a')");
        }
    }

    @Test
    void tellsStatementsThatChangeTheStoreFromReads() {
        assertThat(SingleWriter.writes("insert into t values (2, 'b')")).isTrue();
        assertThat(SingleWriter.writes("  UPDATE t set v = 'c'")).isTrue();
        assertThat(SingleWriter.writes("delete from t")).isTrue();
        assertThat(SingleWriter.writes("merge into t key (id) values (1, 'x')")).isTrue();
        assertThat(SingleWriter.writes("create index ix on t (v)")).isTrue();
        assertThat(SingleWriter.writes("select v from t where id = ? for update")).isTrue();
        assertThat(SingleWriter.writes("call next value for s")).isTrue();
        assertThat(SingleWriter.writes("select v from t")).isFalse();
        assertThat(SingleWriter.writes("/* hibernate */ select v from t")).isFalse();
        assertThat(SingleWriter.writes("with x as (select 1) select * from x")).isFalse();
        assertThat(SingleWriter.writes("values (1)")).isFalse();
    }

    @Test
    void aSecondWriterWaitsForTheFirstToCommitWhileReadersPass() throws Exception {
        try (var first = store.getConnection(); var second = store.getConnection(); var reader = store.getConnection()) {
            first.setAutoCommit(false);
            second.setAutoCommit(false);
            reader.setAutoCommit(false);
            first.prepareStatement("update t set v = 'first' where id = 1").executeUpdate();
            assertThat(store.busy()).isTrue();

            var secondWrite = CompletableFuture.runAsync(() -> {
                write(second, "insert into t values (2, 'second')");
                commit(second);
            });
            assertThat(read(reader)).as("a reader does not wait for the writer").isEqualTo("a");
            Thread.sleep(200);
            assertThat(secondWrite).as("the second writer waits").isNotDone();

            first.commit();
            secondWrite.get(5, TimeUnit.SECONDS);
            assertThat(store.busy()).isFalse();
            assertThat(read(reader)).isEqualTo("first");
        }
    }

    /**
     * A receipt's transaction (urgent) waits for the writer of the moment, not for the writers that queued before it:
     * the others pass a gate one at a time, so at most one of them is in the writer's queue (issue 8, latency).
     */
    @Test
    void anUrgentWriterGoesBeforeWritersThatQueuedEarlier() throws Exception {
        try (var threads = Executors.newCachedThreadPool(); var holder = store.getConnection();
             var early = store.getConnection(); var later = store.getConnection(); var urgent = store.getConnection()) {
            for (var c : List.of(holder, early, later, urgent)) c.setAutoCommit(false);
            holder.prepareStatement("update t set v = 'holder' where id = 1").executeUpdate();
            var order = new CopyOnWriteArrayList<String>();
            var earlyWrite = CompletableFuture.runAsync(() -> {
                write(early, "insert into t values (2, 'early')");
                order.add("early");
                commit(early);
            }, threads);
            await().atMost(Duration.ofSeconds(10)).until(() -> store.waiting()[1] == 1);
            var laterWrite = CompletableFuture.runAsync(() -> {
                write(later, "insert into t values (3, 'later')");
                order.add("later");
                commit(later);
            }, threads);
            await().atMost(Duration.ofSeconds(10)).until(() -> store.waiting()[1] == 2);
            assertThat(store.waiting()[0]).as("writers that are not urgent wait at the gate").isZero();
            var urgentWrite = CompletableFuture.runAsync(() -> SingleWriter.urgently(() -> {
                write(urgent, "insert into t values (4, 'urgent')");
                order.add("urgent");
                commit(urgent);
                return null;
            }), threads);
            await().atMost(Duration.ofSeconds(10)).until(() -> store.waiting()[0] == 1);

            holder.commit();
            CompletableFuture.allOf(earlyWrite, laterWrite, urgentWrite).get(10, TimeUnit.SECONDS);
            assertThat(order).as("one writer at a time, the urgent one first").containsExactly("urgent", "early",
                    "later");
            assertThat(store.busy()).isFalse();
            assertThat(store.waiting()).containsExactly(0, 0);
        }
    }

    @Test
    void rollbackAndCloseEndTheTurnToo() throws Exception {
        try (var c = store.getConnection()) {
            c.setAutoCommit(false);
            c.createStatement().executeUpdate("update t set v = 'x'");
            assertThat(store.busy()).isTrue();
            c.rollback();
            assertThat(store.busy()).isFalse();
            c.createStatement().executeUpdate("update t set v = 'y'");
            assertThat(store.busy()).isTrue();
        }
        assertThat(store.busy()).as("closing a connection ends its transaction").isFalse();
        try (var c = store.getConnection()) {
            c.setAutoCommit(false);
            c.prepareStatement("select v from t").executeQuery().close();
            assertThat(store.busy()).as("a read takes no turn").isFalse();
        }
    }

    @Test
    void workAskedForInsideAnOpenWriteRunsWhenThatTransactionHasEnded() throws Exception {
        var ran = new java.util.ArrayList<String>();
        store.whenNoWriteOpen(() -> ran.add("no write open: at once"));
        try (var c = store.getConnection()) {
            c.setAutoCommit(false);
            c.createStatement().executeUpdate("update t set v = 'x'");
            store.whenNoWriteOpen(() -> {
                assertThat(store.busy()).as("the first transaction has ended").isFalse();
                ran.add("after the transaction");
            });
            assertThat(ran).containsExactly("no write open: at once");
            c.commit();
        }
        assertThat(ran).containsExactly("no write open: at once", "after the transaction");
    }

    /**
     * Deferred work (model call log rows) writes through connections of its own: it runs once the thread's
     * connection is back in the pool, one piece after the other, so a thread never holds more than one connection for
     * it. Before, each piece ran inside the previous one's commit, one connection deeper each time: a two-connection
     * pool was empty after the first piece and the second waited for the pool's timeout (seen as "store unavailable"
     * and a stop that hung under load).
     */
    @Test
    void deferredWorkRunsOnePieceAtATimeOnceTheConnectionIsBackInThePool() throws Exception {
        var config = new com.zaxxer.hikari.HikariConfig();
        config.setJdbcUrl("jdbc:h2:file:" + dir.resolve("db") + ";WRITE_DELAY=0");
        config.setMaximumPoolSize(2);
        config.setConnectionTimeout(1_000);
        config.setAutoCommit(false);
        try (var pool = new com.zaxxer.hikari.HikariDataSource(config)) {
            var writer = new SingleWriter(pool);
            var ran = new java.util.ArrayList<Integer>();
            try (var c = writer.getConnection()) {
                c.createStatement().executeUpdate("update t set v = 'x'");
                for (int i = 0; i < 4; i++) {
                    int piece = i;
                    writer.whenNoWriteOpen(() -> {
                        try (var own = writer.getConnection()) {
                            own.prepareStatement("insert into t values (" + (10 + piece) + ", 'log')").executeUpdate();
                            own.commit();
                            ran.add(piece);
                        } catch (java.sql.SQLException e) {
                            throw new IllegalStateException("piece " + piece, e);
                        }
                    });
                }
                c.commit();
                assertThat(ran).as("nothing while the first connection is still held").isEmpty();
            }
            assertThat(ran).containsExactly(0, 1, 2, 3);
            assertThat(pool.getHikariPoolMXBean().getActiveConnections()).isZero();
        }
    }

    private static void write(Connection c, String sql) {
        try {
            c.prepareStatement(sql).executeUpdate();
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void commit(Connection c) {
        try {
            c.commit();
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String read(Connection c) throws Exception {
        try (var rs = c.prepareStatement("select v from t where id = 1").executeQuery()) {
            rs.next();
            return rs.getString(1);
        }
    }
}
