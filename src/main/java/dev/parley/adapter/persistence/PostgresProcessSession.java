package dev.parley.adapter.persistence;

import dev.parley.application.store.StoreUnavailableException;
import java.net.InetAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This process's own connection to a PostgreSQL store (outside the pool), kept for the life of the store. On it the
 * process registers itself in {@code parley_processes} and holds a session-level advisory lock keyed by its id:
 * PostgreSQL releases the lock when the connection ends, also when the process is killed with {@code kill -9}, so
 * other processes can tell whether it still runs ({@link #runningSql}) with no timer of ours.
 */
final class PostgresProcessSession implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PostgresProcessSession.class);

    /**
     * A predicate on {@code <column>}, a process id: true while that process runs. Advisory locks of the two-key
     * form appear in pg_locks with classid and objid as the keys and objsubid 2, per database.
     */
    static String runningSql(String column) {
        return "exists (select 1 from pg_locks l where l.locktype = 'advisory' and l.granted and l.objsubid = 2"
                + " and l.database = (select oid from pg_database where datname = current_database())"
                + " and l.classid::bigint = " + StoreDialect.LOCK_INSTANCE + " and l.objid::bigint = " + column + ")";
    }

    private final Connection connection;
    private long processId;

    private PostgresProcessSession(Connection connection) {
        this.connection = connection;
    }

    /** Connects; fails naming the SQL state when the server or the login is refused. */
    static PostgresProcessSession connect(String url, String user, String password) {
        try {
            var properties = new Properties();
            properties.setProperty("user", user);
            properties.setProperty("password", password);
            properties.setProperty("logServerErrorDetail", "false");
            properties.setProperty("ApplicationName", "parley pid " + ProcessHandle.current().pid() + " (session)");
            var connection = DriverManager.getConnection(url, properties);
            connection.setAutoCommit(true);
            return new PostgresProcessSession(connection);
        } catch (SQLException e) {
            throw new StoreUnavailableException("cannot connect to PostgreSQL: " + e.getSQLState(), e);
        }
    }

    /** Registers this process (after the migrations) and holds its running lock; returns its id. */
    long register(Instant now) {
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
        if (processId > Integer.MAX_VALUE || !tryLock(StoreDialect.LOCK_INSTANCE, (int) processId)) {
            throw new StoreUnavailableException("cannot hold the running lock of process " + processId, null);
        }
        LOG.info("registered as process {} of this store", processId);
        return processId;
    }

    private boolean tryLock(int lockClass, int key) {
        try (var st = connection.prepareStatement("select pg_try_advisory_lock(?, ?)")) {
            st.setInt(1, lockClass);
            st.setInt(2, key);
            try (var rs = st.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        } catch (SQLException e) {
            throw new StoreUnavailableException("cannot take an advisory lock: " + e.getSQLState(), e);
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
        try (connection) {
            if (processId > 0) {
                try (var st = connection.prepareStatement("update parley_processes set stopped_at = ? where id = ?")) {
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
