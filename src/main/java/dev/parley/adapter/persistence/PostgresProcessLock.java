package dev.parley.adapter.persistence;

import dev.parley.application.store.StoreUnavailableException;
import java.sql.Connection;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a second Parley process off a PostgreSQL database this one uses, until the pipeline claims its work in a way
 * that several processes can share (docs/team.md, "Several processes"): a session-level advisory lock taken on a
 * connection kept for the life of the store. PostgreSQL releases it when that connection ends, so a process killed
 * with {@code kill -9} frees the database at once, with no timer of ours.
 */
final class PostgresProcessLock implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PostgresProcessLock.class);
    static final int SOLE_PROCESS = 1;

    private final Connection connection;

    private PostgresProcessLock(Connection connection) {
        this.connection = connection;
    }

    /** Takes the lock, or fails naming the reason when another process holds it. */
    static PostgresProcessLock acquire(String url, String user, String password) {
        Connection connection = null;
        try {
            var properties = new java.util.Properties();
            properties.setProperty("user", user);
            properties.setProperty("password", password);
            properties.setProperty("logServerErrorDetail", "false");
            properties.setProperty("ApplicationName", "parley pid " + ProcessHandle.current().pid() + " (lock)");
            connection = java.sql.DriverManager.getConnection(url, properties);
            connection.setAutoCommit(true);
            boolean locked;
            try (var st = connection.prepareStatement("select pg_try_advisory_lock(?, ?)")) {
                st.setInt(1, StoreDialect.LOCK_SOLE_PROCESS);
                st.setInt(2, SOLE_PROCESS);
                try (var rs = st.executeQuery()) {
                    rs.next();
                    locked = rs.getBoolean(1);
                }
            }
            if (!locked) {
                connection.close();
                throw new StoreUnavailableException("another Parley process is using this PostgreSQL database; "
                        + "run one Parley process per database for now (docs/team.md)", null);
            }
            LOG.info("holding the PostgreSQL process lock");
            return new PostgresProcessLock(connection);
        } catch (SQLException e) {
            try {
                if (connection != null) connection.close();
            } catch (SQLException closing) {
                e.addSuppressed(closing);
            }
            throw new StoreUnavailableException("cannot take the PostgreSQL process lock: " + e.getSQLState(), e);
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            LOG.warn("closing the PostgreSQL process lock's connection failed: {}", e.getSQLState());
        }
    }
}
