package dev.parley.adapter.persistence;

import dev.parley.application.store.ConcurrentUpdateException;
import dev.parley.application.TransactionScope;
import dev.parley.application.store.Store;
import dev.parley.application.store.StoreUnavailableException;
import dev.parley.application.store.Transactions;
import jakarta.persistence.OptimisticLockException;
import java.util.function.Function;
import org.hibernate.SessionFactory;
import org.hibernate.StaleStateException;
import org.hibernate.exception.ConstraintViolationException;
import org.hibernate.exception.JDBCConnectionException;
import org.hibernate.exception.LockAcquisitionException;

/** One Hibernate session and transaction per unit of work; database failures become application exceptions. */
final class HibernateTransactions implements Transactions {
    private final SessionFactory sessionFactory;
    private final StoreDialect dialect;
    private final StoreProcess process;

    HibernateTransactions(SessionFactory sessionFactory, StoreDialect dialect, StoreProcess process) {
        this.sessionFactory = sessionFactory;
        this.dialect = dialect;
        this.process = process;
    }

    @Override
    public <T> T inTransaction(Function<Store, T> work) {
        TransactionScope.enter();
        try {
            return transaction(work);
        } finally {
            TransactionScope.exit();
        }
    }

    private <T> T transaction(Function<Store, T> work) {
        try (var session = openSession()) {
            var tx = begin(session);
            try {
                var store = new HibernateStore(session, dialect, process);
                var result = work.apply(store);
                store.beforeCommit();
                tx.commit();
                return result;
            } catch (RuntimeException e) {
                if (!rollBack(tx, e)) {
                    // The connection broke under the work (a server restart, pg_terminate_backend): whatever the work
                    // saw fail (a read that came back empty, an entity not found) is the store's unavailability, not
                    // the work's own failure; callers that wait for the store (the outbox's recording) must wait.
                    throw new StoreUnavailableException("database connection lost", e);
                }
                throw translate(e);
            } catch (Error e) {
                // an Error rolls back too: the Commit stage's "not prepared" signal (SlowCalls.Unprepared) is one
                rollBack(tx, e);
                throw e;
            }
        }
    }

    /**
     * Begins the session's transaction, which takes a pooled connection: one the server ended (a restart, {@code
     * pg_terminate_backend}) fails here, before any work, and is a store unavailable like any lost connection (not an
     * untranslated failure, which would make the outbox give up recording a send's outcome).
     */
    private static org.hibernate.Transaction begin(org.hibernate.Session session) {
        try {
            return session.beginTransaction();
        } catch (RuntimeException e) {
            throw translate(e);
        }
    }

    /** Rolls back; false when the rollback failed because the connection is lost or closed. */
    private static boolean rollBack(org.hibernate.Transaction tx, Throwable cause) {
        if (!tx.isActive()) return true;
        try {
            tx.rollback();
            return true;
        } catch (RuntimeException rollbackFailure) {
            cause.addSuppressed(rollbackFailure);
            return !(rollbackFailure instanceof JDBCConnectionException || connectionLost(rollbackFailure)
                    || closedConnection(rollbackFailure));
        }
    }

    /** HikariCP's stand-in for a connection it closed (broken): every call fails with "Connection is closed". */
    private static boolean closedConnection(Throwable e) {
        for (var cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof java.sql.SQLException && cause.getMessage() != null
                    && cause.getMessage().contains("is closed")) {
                return true;
            }
        }
        return false;
    }

    /** On H2, writes {@link SingleWriter#urgently urgently}; a store of several writers needs no such order. */
    @Override
    public <T> T inUrgentTransaction(Function<Store, T> work) {
        return SingleWriter.urgently(() -> inTransaction(work));
    }

    private org.hibernate.Session openSession() {
        try {
            return sessionFactory.openSession();
        } catch (RuntimeException e) {
            throw new StoreUnavailableException("cannot open a database session", e);
        }
    }

    private static RuntimeException translate(RuntimeException e) {
        // A deadlock (PostgreSQL fails one of the transactions; rows locked by work that lost a race before) is a
        // race too: the work is run again, not counted as failed.
        if (e instanceof OptimisticLockException || e instanceof StaleStateException
                || e instanceof ConstraintViolationException || e instanceof LockAcquisitionException) {
            return new ConcurrentUpdateException(e.getClass().getSimpleName(), e);
        }
        if (e instanceof JDBCConnectionException || e.getCause() instanceof java.sql.SQLTransientConnectionException
                || connectionLost(e) || closedConnection(e)
                || (e.getMessage() != null && e.getMessage().contains("has been closed"))) {
            return new StoreUnavailableException("database unavailable", e);
        }
        if (e instanceof IllegalStateException && sessionFactoryClosed(e)) {
            return new StoreUnavailableException("database closed", e);
        }
        return e;
    }

    /**
     * A connection the server ended or lost: SQL state class 08 (connection exception) or PostgreSQL's 57P01-57P03
     * (the server shut down, crashed or is starting: a restart, or an administrator's pg_terminate_backend).
     */
    static boolean connectionLost(Throwable e) {
        for (var cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof java.sql.SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("57P0"))) {
                return true;
            }
        }
        return false;
    }

    private static boolean sessionFactoryClosed(RuntimeException e) {
        return e.getMessage() != null && e.getMessage().contains("closed");
    }
}
