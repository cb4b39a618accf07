package dev.parley.adapter.persistence;

import dev.parley.application.store.ProcessRegistration;
import dev.parley.application.store.StoreUnavailableException;
import java.net.InetAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This process's registration in a PostgreSQL store (team mode, docs/team.md, ADR 0009): a connection of its own
 * (outside the pool) on which the process registers in {@code parley_processes} and holds a session-level advisory
 * lock keyed by its id. PostgreSQL releases the lock only when that session ends: the process exited or was killed,
 * or the connection was lost. The other processes read the lock ({@link #runningSql}) to tell whether the process
 * runs; a process whose lock they have not seen for {@link #TAKEOVER_AFTER} is taken for gone ({@link
 * AbsentClaimants}), so a dropped connection that comes back within that time takes nothing away.
 *
 * <p>The connection is kept alive and watched: TCP keepalives on both sides (the server ends the session of a host
 * that vanished within about {@value #KEEPALIVE_IDLE_SECONDS} + {@value #KEEPALIVE_INTERVAL_SECONDS} × {@value
 * #KEEPALIVE_COUNT} s, so its lock does not outlive it for hours), no idle timeouts, and a probe every {@link #PROBE}
 * that checks the lock is still held on it, answered within {@value #SOCKET_TIMEOUT_SECONDS} s. When the probe fails
 * the registration is lost ({@link #registered()} false: the process claims and sends nothing new), and every
 * {@link #PROBE} the process connects again and takes its lock back under the same id (ending its own old session
 * first if the server still holds it), so its claims stay its own.
 *
 * <p>Before the first registration it also serialises the schema migrations of processes that start together
 * ({@link #migrating}).
 */
final class PostgresProcessSession implements ProcessRegistration, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PostgresProcessSession.class);
    /** How often the session is checked while registered, and opened again while not. */
    static final Duration PROBE = Duration.ofSeconds(1);
    /** A probe not answered within this many seconds has lost the server (the driver's socket timeout). */
    static final int SOCKET_TIMEOUT_SECONDS = 5;
    static final int KEEPALIVE_IDLE_SECONDS = 10;
    static final int KEEPALIVE_INTERVAL_SECONDS = 5;
    static final int KEEPALIVE_COUNT = 3;
    /**
     * How long another process must have seen this one's lock gone before it takes the process for gone and its
     * SENDING rows for abandoned: longer than this process needs to notice a lost connection ({@link #PROBE} + {@value
     * #SOCKET_TIMEOUT_SECONDS} s), stop claiming and finish a send already on the wire (a provider call times out
     * after 20 s), and than a PostgreSQL restart's reconnection takes.
     */
    static final Duration TAKEOVER_AFTER = Duration.ofSeconds(30);
    /** How long one wait for another process's migration lasts before it is logged and waited for again. */
    private static final Duration MIGRATION_WAIT_LOG = Duration.ofSeconds(30);

    /**
     * A predicate on {@code <column>}, a process id: true while that process holds its running lock. Advisory locks
     * of the two-key form appear in pg_locks with classid and objid as the keys and objsubid 2, per database.
     */
    static String runningSql(String column) {
        return "exists (select 1 from pg_locks l where l.locktype = 'advisory' and l.granted and l.objsubid = 2"
                + " and l.database = (select oid from pg_database where datname = current_database())"
                + " and l.classid::bigint = " + StoreDialect.LOCK_INSTANCE + " and l.objid::bigint = " + column + ")";
    }

    private final String url;
    private final Properties login;
    private final Object monitor = new Object();
    private Connection connection;
    private volatile boolean registered;
    private volatile boolean closed;
    private long processId;
    private long lostAtNanos;
    private int failedAttempts;
    private Thread watcher;

    private PostgresProcessSession(String url, Properties login, Connection connection) {
        this.url = url;
        this.login = login;
        this.connection = connection;
    }

    /** Connects; fails naming the SQL state when the server or the login is refused. */
    static PostgresProcessSession connect(String url, String user, String password) {
        var login = DedicatedConnection.login(user, password, "session", SOCKET_TIMEOUT_SECONDS);
        try {
            return new PostgresProcessSession(url, login, open(url, login));
        } catch (SQLException e) {
            throw new StoreUnavailableException("cannot connect to PostgreSQL: " + e.getSQLState(), e);
        }
    }

    private static Connection open(String url, Properties login) throws SQLException {
        var c = DriverManager.getConnection(url, login);
        try {
            c.setAutoCommit(true);
            try (var st = c.createStatement()) {
                // the server's side of the keepalives, and no timeout of the server's ends this session while idle
                st.execute("set tcp_keepalives_idle = " + KEEPALIVE_IDLE_SECONDS);
                st.execute("set tcp_keepalives_interval = " + KEEPALIVE_INTERVAL_SECONDS);
                st.execute("set tcp_keepalives_count = " + KEEPALIVE_COUNT);
                st.execute("set tcp_user_timeout = " + (KEEPALIVE_IDLE_SECONDS + KEEPALIVE_INTERVAL_SECONDS
                        * KEEPALIVE_COUNT) * 1000);
                st.execute("set idle_in_transaction_session_timeout = 0");
                st.execute("set statement_timeout = 0");
                if (c.getMetaData().getDatabaseMajorVersion() >= 14) st.execute("set idle_session_timeout = 0");
            }
            return c;
        } catch (SQLException e) {
            c.close();
            throw e;
        }
    }

    /**
     * Runs {@code migrate} while no other Parley process migrates this database: processes started together wait
     * for the first one's whole migration on a blocking lock (woken the moment it is released) instead of taking
     * Flyway's lock in turns, migration by migration, each loser sleeping a second before it asks again (Flyway's
     * PostgreSQL lock is polled: 50 tries, 1 s apart, per migration).
     */
    void migrating(Runnable migrate) {
        synchronized (monitor) {
            try {
                connection.setNetworkTimeout(Runnable::run, 0);
                long began = System.nanoTime();
                try (var st = connection.createStatement()) {
                    st.execute("set statement_timeout = " + MIGRATION_WAIT_LOG.toMillis());
                    while (!tryLockBlocking(st)) {
                        LOG.info("waiting for another Parley process to finish migrating this store ({} s so far)",
                                (System.nanoTime() - began) / 1_000_000_000);
                    }
                    st.execute("set statement_timeout = 0");
                }
                long waited = (System.nanoTime() - began) / 1_000_000;
                if (waited > 100) LOG.info("waited {} ms for another Parley process migrating this store", waited);
                connection.setNetworkTimeout(Runnable::run, SOCKET_TIMEOUT_SECONDS * 1000);
            } catch (SQLException e) {
                throw new StoreUnavailableException("cannot take the migration lock: " + e.getSQLState(), e);
            }
            try {
                migrate.run();
            } finally {
                try (var st = connection.prepareStatement("select pg_advisory_unlock(?, 0)")) {
                    st.setInt(1, StoreDialect.LOCK_MIGRATION);
                    st.execute();
                } catch (SQLException e) {
                    // a lost session released it anyway
                    LOG.warn("releasing the migration lock: {}", e.getSQLState());
                }
            }
        }
    }

    /** Waits for the migration lock until the statement timeout; false when the wait timed out. */
    private static boolean tryLockBlocking(java.sql.Statement st) throws SQLException {
        try {
            st.execute("select pg_advisory_lock(" + StoreDialect.LOCK_MIGRATION + ", 0)");
            return true;
        } catch (SQLException e) {
            if ("57014".equals(e.getSQLState())) return false; // query_canceled: the statement timeout
            throw e;
        }
    }

    /** Registers this process (after the migrations), holds its running lock and starts watching it; returns its id. */
    long register(Instant now) {
        synchronized (monitor) {
            try (var st = connection.prepareStatement("insert into parley_processes (host, pid, started_at) "
                    + "values (?, ?, ?)", new String[] {"id"})) {
                st.setString(1, host());
                st.setLong(2, ProcessHandle.current().pid());
                st.setTimestamp(3, Timestamp.from(now));
                st.executeUpdate();
                try (var keys = st.getGeneratedKeys()) {
                    keys.next();
                    processId = keys.getLong(1);
                }
            } catch (SQLException e) {
                throw new StoreUnavailableException("cannot register this process: " + e.getSQLState(), e);
            }
            try {
                if (processId > Integer.MAX_VALUE || !tryLock(connection)) {
                    throw new StoreUnavailableException("cannot hold the running lock of process " + processId, null);
                }
            } catch (SQLException e) {
                throw new StoreUnavailableException("cannot take an advisory lock: " + e.getSQLState(), e);
            }
            registered = true;
        }
        LOG.info("registered as process {} of this store", processId);
        watcher = Thread.ofPlatform().daemon().name("parley-store-session").start(this::watch);
        return processId;
    }

    @Override
    public boolean registered() {
        return registered;
    }

    private boolean tryLock(Connection c) throws SQLException {
        try (var st = c.prepareStatement("select pg_try_advisory_lock(?, ?)")) {
            st.setInt(1, StoreDialect.LOCK_INSTANCE);
            st.setInt(2, (int) processId);
            try (var rs = st.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    /** Whether this session still holds the running lock (a probe: it fails when the connection is gone). */
    private boolean holdsLock(Connection c) throws SQLException {
        try (var st = c.prepareStatement("select exists (select 1 from pg_locks l where l.locktype = 'advisory' "
                + "and l.granted and l.pid = pg_backend_pid() and l.objsubid = 2 and l.classid::bigint = ? "
                + "and l.objid::bigint = ?)")) {
            st.setInt(1, StoreDialect.LOCK_INSTANCE);
            st.setLong(2, processId);
            try (var rs = st.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    private void watch() {
        while (!closed) {
            synchronized (monitor) {
                if (closed) return;
                if (registered) probe();
                else registerAgain();
            }
            pause();
        }
    }

    private void probe() {
        try {
            if (holdsLock(connection)) return;
            lose("its running lock is no longer held");
        } catch (SQLException e) {
            lose("SQL state " + e.getSQLState());
        }
    }

    private void lose(String why) {
        registered = false;
        lostAtNanos = System.nanoTime();
        failedAttempts = 0;
        LOG.warn("lost this process's registration with the store ({}): no new sends are claimed until it is "
                + "registered again", why);
        abandon(connection);
        connection = null;
    }

    /** Connects again and takes the running lock back under the same id (ending this process's old session first). */
    private void registerAgain() {
        Connection c = null;
        try {
            c = open(url, login);
            if (!tryLock(c)) {
                // The server still holds this process's old session (it has not noticed that the connection is gone):
                // that session is this process's own, so it is ended, which releases the lock.
                endOldSession(c);
                if (!tryLockSoon(c)) throw new SQLException("the running lock is still held", "55P03");
            }
            connection = c;
            registered = true;
            LOG.info("registered again as process {} of this store, {} ms after the registration was lost",
                    processId, (System.nanoTime() - lostAtNanos) / 1_000_000);
        } catch (SQLException e) {
            abandon(c);
            if (failedAttempts++ % 30 == 0) {
                LOG.warn("cannot register this process with the store again ({}); trying again every {} s",
                        e.getSQLState(), PROBE.toSeconds());
            }
        }
    }

    private void endOldSession(Connection c) throws SQLException {
        try (var st = c.prepareStatement("select pg_terminate_backend(l.pid) from pg_locks l where l.locktype = "
                + "'advisory' and l.granted and l.objsubid = 2 and l.classid::bigint = ? and l.objid::bigint = ? "
                + "and l.database = (select oid from pg_database where datname = current_database()) "
                + "and l.pid <> pg_backend_pid()")) {
            st.setInt(1, StoreDialect.LOCK_INSTANCE);
            st.setLong(2, processId);
            st.executeQuery().close();
        }
    }

    /** The lock of a session being ended is released a moment later: a few tries over about two seconds. */
    private boolean tryLockSoon(Connection c) throws SQLException {
        for (int attempt = 0; attempt < 20; attempt++) {
            if (tryLock(c)) return true;
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    private void pause() {
        synchronized (this) {
            try {
                if (!closed) wait(PROBE.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                closed = true;
            }
        }
    }

    /** Drops a connection without waiting on the network (a lost server may not answer a goodbye). */
    private static void abandon(Connection c) {
        if (c == null) return;
        try {
            c.abort(Runnable::run);
        } catch (SQLException | RuntimeException e) {
            LOG.debug("dropping a store session: {}", e.getClass().getSimpleName());
        }
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }

    /** Marks the process stopped and ends the session (which releases its locks). */
    @Override
    public void close() {
        closed = true;
        synchronized (this) {
            notifyAll();
        }
        if (watcher != null) {
            try {
                watcher.join(Duration.ofSeconds(2 * SOCKET_TIMEOUT_SECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (monitor) {
            var kept = connection;
            connection = null;
            registered = false;
            if (kept == null && processId == 0) return;
            // lost: its locks went with it; a connection of a moment marks it stopped, so that the others need not
            // wait to take over what it left SENDING
            try (var c = kept != null ? kept : open(url, login)) {
                if (processId > 0) {
                    try (var st = c.prepareStatement("update parley_processes set stopped_at = ? where id = ?")) {
                        st.setTimestamp(1, Timestamp.from(Instant.now()));
                        st.setLong(2, processId);
                        st.executeUpdate();
                    }
                }
            } catch (SQLException e) {
                LOG.warn("closing this process's PostgreSQL session: {}", e.getSQLState());
            }
        }
    }
}
