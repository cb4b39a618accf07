package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.store.ConcurrentUpdateException;
import dev.parley.application.store.RetryOnConflict;
import dev.parley.application.store.Store;
import dev.parley.application.store.Transactions;
import dev.parley.testing.PostgresCluster;
import dev.parley.testing.TestStore;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code Conversations.lock}: what a unit of work that lost a race on a conversation takes when it runs again (the
 * pipeline processing a message, the outbox recording a reply; {@code RetryOnConflict.Attempt}). The lock must read
 * the row as committed now, not the copy the session read before, and must make another writer wait.
 */
class ConversationRowLockTest {
    static final Instant T0 = Instant.parse("2026-11-28T09:00:00Z");

    @TempDir Path dir;

    Database open(TestStore store) {
        if (store == TestStore.H2) {
            return Database.open("jdbc:h2:file:" + dir.resolve("parley") + ";WRITE_DELAY=0", "sa", "", 4);
        }
        return Database.open(PostgresCluster.shared().newDatabase(), PostgresCluster.SUPERUSER,
                PostgresCluster.PASSWORD, 4);
    }

    static long conversation(Transactions tx, String key) {
        return tx.inTransaction(s -> {
            var contact = s.contacts().findOrCreate("sms", key, null, T0);
            return s.conversations().create("sms", key, "noop", "Start", contact.id(), T0).id();
        });
    }

    static String state(Transactions tx, long id) {
        return tx.inTransaction(s -> s.conversations().find(id).orElseThrow().state());
    }

    @ParameterizedTest
    @EnumSource(TestStore.class)
    void aLockReadsTheRowAsCommittedAndAnotherLockerWaitsForItsCommit(TestStore store) throws Exception {
        try (var database = open(store); var threads = Executors.newFixedThreadPool(2)) {
            var tx = database.transactions();
            long id = conversation(tx, "+15550101001");
            var seenByTheSecondLocker = new CompletableFuture<String>();
            var second = new CompletableFuture<Void>();

            tx.inTransaction((Store s) -> {
                assertThat(s.conversations().findByKey("sms", "+15550101001").orElseThrow().state())
                        .isEqualTo("Start");
                // Another transaction commits a change while this one holds its older copy (the lost race).
                CompletableFuture.runAsync(() -> tx.inTransaction((Store other) -> {
                    other.conversations().setState(id, "Other", T0.plusSeconds(1));
                    return null;
                }), threads).join();
                assertThat(s.conversations().lock(id).state()).as("the row as committed, not the session's copy")
                        .isEqualTo("Other");
                // A second locker, started while this transaction holds the lock, must see what it commits.
                CompletableFuture.runAsync(() -> tx.inTransaction((Store other) -> {
                    seenByTheSecondLocker.complete(other.conversations().lock(id).state());
                    other.conversations().setState(id, "Second", T0.plusSeconds(3));
                    return null;
                }), threads).whenComplete((done, failed) -> {
                    if (failed != null) second.completeExceptionally(failed);
                    else second.complete(null);
                });
                pause(300);
                assertThat(seenByTheSecondLocker).as("the second locker waits for this transaction").isNotDone();
                s.conversations().setState(id, "First", T0.plusSeconds(2));
                return null;
            });

            second.get(30, TimeUnit.SECONDS);
            assertThat(seenByTheSecondLocker.get()).isEqualTo("First");
            assertThat(state(tx, id)).isEqualTo("Second");
        }
    }

    /**
     * An operator's action on a conversation ({@code Transactions.onConversation}, run again after a lost race by
     * {@link RetryOnConflict}): its second attempt holds the conversation's row lock, so the writer it lost to cannot
     * make it lose again; that writer waits for its commit.
     */
    @ParameterizedTest
    @EnumSource(TestStore.class)
    void workOnAConversationRunAgainAfterALostRaceHoldsTheRowLock(TestStore store) throws Exception {
        try (var database = open(store); var threads = Executors.newFixedThreadPool(2)) {
            var tx = database.transactions();
            long id = conversation(tx, "+15550101004");
            var attempts = new int[1];
            var laterWriter = new CompletableFuture<Void>();

            new RetryOnConflict(tx, "test", new java.util.Random(1)).onConversation(id, (Store s) -> {
                s.conversations().find(id).orElseThrow();
                if (++attempts[0] == 1) {
                    // Another writer changes the conversation while this attempt holds its older copy: a lost race.
                    CompletableFuture.runAsync(() -> tx.run(other ->
                            other.conversations().setState(id, "Other", T0.plusSeconds(1))), threads).join();
                } else {
                    CompletableFuture.runAsync(() -> tx.run(other -> {
                                other.conversations().lock(id);
                                other.conversations().setState(id, "Later", T0.plusSeconds(3));
                            }), threads)
                            .whenComplete((done, failed) -> {
                                if (failed != null) laterWriter.completeExceptionally(failed);
                                else laterWriter.complete(null);
                            });
                    pause(300);
                    assertThat(laterWriter).as("a writer waits for the attempt after a lost race").isNotDone();
                }
                s.conversations().setState(id, "Mine", T0.plusSeconds(2));
                return null;
            });

            laterWriter.get(30, TimeUnit.SECONDS);
            assertThat(attempts[0]).as("lost once, then done").isEqualTo(2);
            assertThat(state(tx, id)).isEqualTo("Later");
        }
    }

    /**
     * Two transactions that lock two conversations in opposite orders: PostgreSQL breaks the deadlock by failing one
     * of them, and that is a race like any other (the caller runs it again), not an error. On H2 one writer at a time
     * (ADR 0001) means the second waits at its first lock, so no deadlock can form there.
     */
    @Test
    void aDeadlockOnPostgresIsALostRace() throws Exception {
        try (var database = open(TestStore.POSTGRES); var threads = Executors.newFixedThreadPool(2)) {
            var tx = database.transactions();
            long x = conversation(tx, "+15550101002");
            long y = conversation(tx, "+15550101003");
            var bothHoldOne = new CyclicBarrier(2);
            var runs = new ArrayList<CompletableFuture<Void>>();
            for (long[] order : new long[][] {{x, y}, {y, x}}) {
                runs.add(CompletableFuture.runAsync(() -> tx.inTransaction((Store s) -> {
                    s.conversations().lock(order[0]);
                    await(bothHoldOne);
                    s.conversations().lock(order[1]);
                    s.conversations().touch(order[1], T0.plusSeconds(5));
                    return null;
                }), threads));
            }
            var failures = new ArrayList<Throwable>();
            for (var run : runs) {
                try {
                    run.get(60, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    failures.add(e.getCause());
                } catch (TimeoutException e) {
                    // Ends the two sessions, or closing the threads would wait for them for ever.
                    endOtherSessions(database);
                    throw new AssertionError("PostgreSQL did not break the deadlock in 60 s (its deadlock check "
                            + "did not run)", e);
                }
            }
            assertThat(failures).as("one of the two is chosen as the deadlock's victim").hasSize(1);
            assertThat(failures.getFirst()).isInstanceOf(ConcurrentUpdateException.class);
        }
    }

    private static void endOtherSessions(Database database) throws java.sql.SQLException {
        try (var c = database.dataSource().getConnection(); var st = c.createStatement()) {
            st.execute("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() "
                    + "and pid <> pg_backend_pid()");
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
