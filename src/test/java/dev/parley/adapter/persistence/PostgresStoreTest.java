package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.application.store.StoreUnavailableException;
import dev.parley.domain.message.InboundMessage;
import dev.parley.testing.PostgresCluster;
import java.sql.DriverManager;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** What the PostgreSQL store does beyond the store contract (docs/team.md). */
class PostgresStoreTest {
    static final PostgresCluster PG = PostgresCluster.shared();

    static Database open(String url) {
        return Database.open(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD, 2);
    }

    @Test
    void twoProcessesShareAStoreEachSeeingTheOthersWork() {
        var url = PG.newDatabase();
        var first = open(url);
        try (var second = open(url)) {
            assertThat(second.processId()).isNotEqualTo(first.processId());
            first.transactions().inTransaction(s -> s.contacts().findOrCreate("sms", "+1", null, Instant.EPOCH));
            boolean seen = second.transactions().inTransaction(s -> s.contacts().find(1).isPresent());
            assertThat(seen).isTrue();
            first.close();
            second.transactions().inTransaction(s -> s.contacts().findOrCreate("sms", "+2", null, Instant.EPOCH));
        } finally {
            first.close();
        }
    }

    @Test
    void aSendingRowIsLeftToItsProcessWhileThatProcessRuns() {
        var url = PG.newDatabase();
        var now = Instant.parse("2026-05-01T10:00:00Z");
        var sender = open(url);
        try (var other = open(url)) {
            assertThat(other.processId()).isNotEqualTo(sender.processId());
            long outboxId = outboxRow(sender, now, true);
            java.util.List<Long> seenByOther = other.transactions().inTransaction(
                    s -> s.outbox().sending(now).stream().map(r -> r.id()).toList());
            java.util.List<Long> seenBySender = sender.transactions().inTransaction(
                    s -> s.outbox().sending(now).stream().map(r -> r.id()).toList());
            assertThat(seenByOther).as("another running process's claim").isEmpty();
            assertThat(seenBySender).as("its own claim").containsExactly(outboxId);
            sender.close();
            // PostgreSQL drops the session's lock once its backend has seen the connection close: a moment later
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(20)).untilAsserted(() -> {
                java.util.List<Long> afterSenderStopped = other.transactions().inTransaction(
                        s -> s.outbox().sending(now).stream().map(r -> r.id()).toList());
                assertThat(afterSenderStopped).as("the claim of a process that no longer runs")
                        .containsExactly(outboxId);
            });
        } finally {
            sender.close();
        }
    }

    @Test
    void aProcessWhoseLockIsMissingIsTakenForGoneOnlyAfterTheTakeoverWait() throws Exception {
        var url = PG.newDatabase();
        var now = Instant.parse("2026-05-01T10:00:00Z");
        try (var other = open(url)) {
            long outboxId = outboxRow(other, now, false);
            // a process that claimed the row, then lost its session without stopping (stopped_at stays empty)
            long process;
            try (var vanished = DriverManager.getConnection(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD);
                 var st = vanished.createStatement()) {
                try (var rs = st.executeQuery("insert into parley_processes (host, pid, started_at) values "
                        + "('elsewhere', 1, now()) returning id")) {
                    rs.next();
                    process = rs.getLong(1);
                }
                st.execute("select pg_advisory_lock(" + StoreDialect.LOCK_INSTANCE + ", " + process + ")");
                st.execute("update outbox set status = 'SENDING', attempts = 1, claimed_by = " + process
                        + " where id = " + outboxId);
                assertThat(sendingSeenBy(other, now)).as("while its lock is held").isEmpty();
            }
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(20))
                    .until(() -> !runningLocks(url).contains(process));
            var wait = PostgresProcessSession.TAKEOVER_AFTER;
            assertThat(sendingSeenBy(other, now)).as("its lock just seen missing").isEmpty();
            assertThat(sendingSeenBy(other, now.plus(wait).minusSeconds(1))).as("within the wait").isEmpty();
            assertThat(sendingSeenBy(other, now.plus(wait))).as("after the wait").containsExactly(outboxId);
        }
    }

    @Test
    void aProcessWhoseSessionIsEndedRegistersAgainUnderItsIdAndKeepsItsClaims() throws Exception {
        var url = PG.newDatabase();
        var now = Instant.parse("2026-05-01T10:00:00Z");
        try (var sender = open(url); var other = open(url)) {
            long outboxId = outboxRow(sender, now, true);
            assertThat(sender.registration().registered()).isTrue();
            int ended = terminateSessionOf(url, sender.processId());
            assertThat(ended).as("backends holding the running lock").isEqualTo(1);
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(20))
                    .until(() -> !sender.registration().registered());
            assertThat(sendingSeenBy(other, now)).as("the other process does not take it for gone").isEmpty();
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(20))
                    .until(() -> sender.registration().registered());
            assertThat(runningLocks(url)).as("its running lock, under the same id").contains(sender.processId());
            assertThat(sendingSeenBy(other, now.plus(PostgresProcessSession.TAKEOVER_AFTER).plusSeconds(60)))
                    .as("a process that came back keeps its claims").isEmpty();
            assertThat(sendingSeenBy(sender, now)).as("its own claim").containsExactly(outboxId);
        }
    }

    @Test
    void aProcessOpeningWhileAnotherMigratesWaitsForTheWholeMigrationThenFindsNothingLeft() throws Exception {
        var url = PG.newEmptyDatabase();
        java.util.concurrent.CompletableFuture<Database> opening;
        try (var migrating = DriverManager.getConnection(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD);
             var st = migrating.createStatement()) {
            // another process migrating this store holds the lock around its whole migration
            st.execute("select pg_advisory_lock(" + StoreDialect.LOCK_MIGRATION + ", 0)");
            opening = java.util.concurrent.CompletableFuture.supplyAsync(() -> open(url));
            org.awaitility.Awaitility.await().during(java.time.Duration.ofSeconds(3))
                    .atMost(java.time.Duration.ofSeconds(10)).until(() -> !opening.isDone());
            try (var rs = st.executeQuery("select to_regclass('flyway_schema_history') is null")) {
                rs.next();
                assertThat(rs.getBoolean(1)).as("it has not started migrating in turns with the other").isTrue();
            }
            try (var rs = st.executeQuery("select count(*) from pg_locks where locktype = 'advisory' and not granted "
                    + "and classid::bigint = " + StoreDialect.LOCK_MIGRATION)) {
                rs.next();
                assertThat(rs.getInt(1)).as("it waits on the lock (woken when it is released), not in a poll")
                        .isEqualTo(1);
            }
            st.execute("select pg_advisory_unlock(" + StoreDialect.LOCK_MIGRATION + ", 0)");
        }
        try (var database = opening.get(120, java.util.concurrent.TimeUnit.SECONDS);
             var c = DriverManager.getConnection(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD);
             var rs = c.createStatement().executeQuery("select count(*), count(distinct version), bool_and(success) "
                     + "from flyway_schema_history where version is not null")) {
            rs.next();
            assertThat(rs.getLong(1)).as("migrations applied").isPositive().isEqualTo(rs.getLong(2));
            assertThat(rs.getBoolean(3)).isTrue();
            assertThat(database.registration().registered()).isTrue();
        }
    }

    /** A reply queued in a new conversation, claimed by {@code database}'s process when {@code claim}; its id. */
    private static long outboxRow(Database database, Instant now, boolean claim) {
        return database.transactions().inTransaction(s -> {
            var contact = s.contacts().findOrCreate("sms", "+1555", null, now);
            var conversation = s.conversations().create("sms", "+1555", "noop", "Start", contact.id(), now);
            var row = s.outbox().enqueue(conversation.id(), contact.id(), "c1", "reply", "hi",
                    dev.parley.domain.message.OutboxStatus.PENDING, null, false, "system", now).orElseThrow();
            if (claim) s.outbox().claim(row.id(), now);
            return row.id();
        });
    }

    /** Ends (pg_terminate_backend) the session holding process {@code id}'s running lock; returns how many ended. */
    static int terminateSessionOf(String url, long id) throws java.sql.SQLException {
        try (var c = DriverManager.getConnection(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD);
             var rs = c.createStatement().executeQuery("select pg_terminate_backend(pid) from pg_locks where "
                     + "locktype = 'advisory' and granted and objsubid = 2 and classid::bigint = "
                     + StoreDialect.LOCK_INSTANCE + " and objid::bigint = " + id)) {
            int n = 0;
            while (rs.next()) if (rs.getBoolean(1)) n++;
            return n;
        }
    }

    private static java.util.List<Long> sendingSeenBy(Database database, Instant now) {
        return database.transactions().inTransaction(s -> s.outbox().sending(now).stream().map(r -> r.id()).toList());
    }

    /** The process ids whose running lock is held now. */
    private static java.util.Set<Long> runningLocks(String url) throws java.sql.SQLException {
        try (var c = DriverManager.getConnection(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD);
             var rs = c.createStatement().executeQuery("select objid::bigint from pg_locks where locktype = "
                     + "'advisory' and granted and objsubid = 2 and classid::bigint = " + StoreDialect.LOCK_INSTANCE)) {
            var out = new java.util.HashSet<Long>();
            while (rs.next()) out.add(rs.getLong(1));
            return out;
        }
    }

    static InboundMessage inbound(String providerId, String conversation) {
        return new InboundMessage("sms", providerId, conversation, conversation, "+1999", "text", null, Instant.EPOCH,
                null, null);
    }

    /** Runs {@code work} in a transaction on another thread and keeps that transaction open until released. */
    static final class OpenTransaction implements AutoCloseable {
        final java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.CompletableFuture<Object> result;

        OpenTransaction(Database database, java.util.function.Function<dev.parley.application.store.Store, Object> work)
                throws InterruptedException {
            result = java.util.concurrent.CompletableFuture.supplyAsync(() -> database.transactions().inTransaction(s -> {
                var value = work.apply(s);
                started.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return value;
            }));
            assertThat(started.await(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        }

        @Override
        public void close() throws Exception {
            release.countDown();
            result.get(30, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    @Test
    void aConversationLaneIsHeldByOneTransactionAtATime() throws Exception {
        try (var database = open(PG.newDatabase())) {
            var tx = database.transactions();
            tx.run(s -> s.inbox().insertIfAbsent(inbound("a1", "+1"), "{}", Instant.EPOCH));
            tx.run(s -> s.inbox().insertIfAbsent(inbound("a2", "+1"), "{}", Instant.EPOCH));
            tx.run(s -> s.inbox().insertIfAbsent(inbound("b1", "+2"), "{}", Instant.EPOCH));
            try (var holder = new OpenTransaction(database, s -> s.inbox().claim(1).orElseThrow())) {
                boolean sameLane = tx.inTransaction(s -> s.inbox().claim(2).isPresent());
                boolean sameRow = tx.inTransaction(s -> s.inbox().claim(1).isPresent());
                boolean otherLane = tx.inTransaction(s -> s.inbox().claim(3).isPresent());
                assertThat(sameLane).as("another row of the held lane").isFalse();
                assertThat(sameRow).as("the held row").isFalse();
                assertThat(otherLane).as("a row of another lane").isTrue();
            }
            tx.run(s -> s.inbox().markProcessed(1, Instant.EPOCH));
            boolean afterRelease = tx.inTransaction(s -> s.inbox().claim(2).isPresent());
            boolean processed = tx.inTransaction(s -> s.inbox().claim(1).isPresent());
            assertThat(afterRelease).as("the lane once its holder's transaction ended").isTrue();
            assertThat(processed).as("a row processed meanwhile").isFalse();
        }
    }

    @Test
    void aRowFinishedByAnotherProcessAfterItWasReadIsNotClaimed() throws Exception {
        try (var database = open(PG.newDatabase())) {
            var tx = database.transactions();
            tx.run(s -> s.inbox().insertIfAbsent(inbound("a1", "+1"), "{}", Instant.EPOCH));
            // the first read sees RECEIVED; the row is PROCESSED (committed elsewhere) before the lane is taken
            boolean claimed = tx.inTransaction(s -> {
                s.inbox().find(1).orElseThrow();
                tx.run(other -> other.inbox().markProcessed(1, Instant.EPOCH));
                return s.inbox().claim(1).isPresent();
            });
            assertThat(claimed).isFalse();
        }
    }

    @Test
    void aJobRunningInOneTransactionIsSkippedByOthers() throws Exception {
        try (var database = open(PG.newDatabase())) {
            var tx = database.transactions();
            long job = tx.inTransaction(s -> s.jobs().schedule("sweep", null, "sweep", null, Instant.EPOCH,
                    Instant.EPOCH));
            try (var holder = new OpenTransaction(database, s -> s.jobs().claim(job, Instant.EPOCH).orElseThrow())) {
                boolean second = tx.inTransaction(s -> s.jobs().claim(job, Instant.EPOCH).isPresent());
                assertThat(second).isFalse();
            }
            boolean free = tx.inTransaction(s -> s.jobs().claim(job, Instant.EPOCH).isPresent());
            assertThat(free).isTrue();
        }
    }

    static boolean running(String url, long processId) throws Exception {
        try (var c = DriverManager.getConnection(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD);
             var rs = c.createStatement().executeQuery("select " + PostgresProcessSession.runningSql(
                     Long.toString(processId)))) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    @Test
    void aProcessIsRegisteredAndSeenRunningUntilItsSessionEnds() throws Exception {
        var url = PG.newDatabase();
        long first;
        try (var database = open(url)) {
            first = database.processId();
            assertThat(first).isPositive();
            assertThat(running(url, first)).isTrue();
            assertThat(running(url, first + 1)).isFalse();
        }
        assertThat(running(url, first)).as("after close").isFalse();
        try (var database = open(url);
             var c = DriverManager.getConnection(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD);
             var rs = c.createStatement().executeQuery("select id, stopped_at is not null from parley_processes "
                     + "where id >= " + first + " order by id")) {
            assertThat(database.processId()).isGreaterThan(first);
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo(first);
            assertThat(rs.getBoolean(2)).as("the first process is marked stopped").isTrue();
            rs.next();
            assertThat(rs.getBoolean(2)).as("the second one runs").isFalse();
        }
    }

    @Test
    void aWrongPasswordIsRefusedWithoutOpeningAnything() {
        var url = PG.newDatabase();
        assertThatThrownBy(() -> Database.open(url, PostgresCluster.SUPERUSER, "wrong-password", 2))
                .isInstanceOf(StoreUnavailableException.class).hasMessageContaining("28P01");
    }

    @Test
    void migrationsRunOnAnEmptyDatabaseAndHibernateValidatesTheSchema() throws Exception {
        var url = PG.newEmptyDatabase();
        try (var database = open(url)) {
            var receipt = database.transactions().inTransaction(s -> s.inbox().insertIfAbsent(new InboundMessage(
                    "sms", "SM1", "+1555", "+1555", "+1999", "hello", null, Instant.EPOCH, null, null), "{}",
                    Instant.EPOCH));
            assertThat(receipt.duplicate()).isFalse();
        }
        try (var c = DriverManager.getConnection(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD);
             var rs = c.createStatement().executeQuery(
                     "select count(*) from flyway_schema_history where success and version is not null")) {
            rs.next();
            assertThat(rs.getInt(1)).as("versioned migrations applied").isGreaterThanOrEqualTo(4);
        }
    }

    @Test
    void constraintViolationsDoNotQuoteTheRowsValues() {
        var url = PG.newDatabase();
        try (var database = open(url)) {
            database.transactions().inTransaction(s -> s.contacts().findOrCreate("sms", "+15550123987", null,
                    Instant.EPOCH));
            var contact = database.transactions().inTransaction(s -> s.contacts().find(1)).orElseThrow();
            database.transactions().inTransaction(s -> s.conversations().create("sms", "+15550123987", "noop",
                    "Start", contact.id(), Instant.EPOCH));
            assertThatThrownBy(() -> database.transactions().inTransaction(s -> s.conversations().create("sms",
                    "+15550123987", "noop", "Start", contact.id(), Instant.EPOCH)))
                    .satisfies(e -> {
                        for (Throwable t = e; t != null; t = t.getCause()) {
                            assertThat(String.valueOf(t.getMessage())).doesNotContain("15550123987");
                        }
                    });
        }
    }
}
