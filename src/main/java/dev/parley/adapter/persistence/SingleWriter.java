package dev.parley.adapter.persistence;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * One writing transaction at a time on an H2 store (docs/decisions/0001-h2-file-store.md, "One writer"). A connection
 * takes the store's writer lock at its first statement that changes anything (insert, update, delete, merge, DDL,
 * {@code select … for update}, a sequence call) and keeps it until its transaction ends (commit, rollback, close);
 * statements that only read never take it, so readers run alongside the writer.
 *
 * <p>Why: our plain-JDBC reproduction showed that after {@code kill -9} H2 2.x can keep part of a transaction that
 * was still running while another one committed (a row without its index entries, an index entry without its row, a
 * unique index missing a key, an identity counter behind its rows). With one modifying transaction at a time it
 * kept every store whole. So no transaction may hold the lock long: no network I/O inside a transaction.
 *
 * <p>Urgent writers first: a transaction run {@link #urgently} (a webhook's receipt, whose 2xx the provider waits for)
 * queues for the writer lock directly, while every other writer first passes a gate that lets one of them at a time
 * into that queue. So a receipt waits for the writer of the moment and at most one other queued behind it, never for
 * the whole pipeline's queue (issue 8, latency at a steady load: up to eight processing transactions queued ahead of
 * each receipt). Still one writer at a time; only the order of the waiting ones changes.
 */
final class SingleWriter implements DataSource, AutoCloseable {
    /** Statements that only read: a select (not "for update"), a values or explain. Everything else writes. */
    private static final Pattern READ_ONLY = Pattern.compile("^(select|with|values|explain|show)\\b");
    private static final Pattern FOR_UPDATE = Pattern.compile("\\bfor\\s+update\\b");
    static final long MAX_WAIT_SECONDS = 30;

    private final DataSource delegate;
    private final ReentrantLock writer = new ReentrantLock(true);
    /** The gate every writer that is not {@link #urgently urgent} passes before it queues for {@link #writer}. */
    private final ReentrantLock others = new ReentrantLock(true);
    /** Whether the calling thread's writes are urgent now (see {@link #urgently}). */
    private static final ThreadLocal<Boolean> URGENT = ThreadLocal.withInitial(() -> false);
    /** Work a thread asked to run once its own open writing transaction has ended (see {@link #whenNoWriteOpen}). */
    private final ThreadLocal<java.util.List<Runnable>> deferred = ThreadLocal.withInitial(java.util.ArrayList::new);
    /** Whether the calling thread is running its deferred work now (which must not start again from within). */
    private final ThreadLocal<Boolean> runningDeferred = ThreadLocal.withInitial(() -> false);

    SingleWriter(DataSource delegate) {
        this.delegate = delegate;
    }

    /** Whether {@code sql} may change the store (and so needs the writer lock). */
    static boolean writes(String sql) {
        var head = sql.stripLeading().toLowerCase(Locale.ROOT);
        while (head.startsWith("/*") && head.contains("*/")) {
            head = head.substring(head.indexOf("*/") + 2).stripLeading();
        }
        return !READ_ONLY.matcher(head).find() || FOR_UPDATE.matcher(head).find();
    }

    /**
     * Runs {@code work} (a small write in a transaction of its own, such as a log row) now, or, when the calling
     * thread holds the writer lock for a transaction still open, right after that transaction ends: a second
     * transaction committing while the first is open is what H2 cannot keep whole across a crash.
     */
    void whenNoWriteOpen(Runnable work) {
        if (writer.isHeldByCurrentThread()) {
            deferred.get().add(work);
        } else {
            runDeferred();
            work.run();
        }
    }

    /**
     * Runs {@code work} on the calling thread with its writes urgent: they queue for the writer lock ahead of waiting
     * writers that are not. For short transactions someone waits on (a receipt before its 2xx), not for long ones.
     */
    static <T> T urgently(java.util.function.Supplier<T> work) {
        if (URGENT.get()) return work.get();
        URGENT.set(true);
        try {
            return work.get();
        } finally {
            URGENT.remove();
        }
    }

    /** How many threads wait for the writer lock, and how many at the gate before it (tests, diagnostics). */
    int[] waiting() {
        return new int[] {writer.getQueueLength(), others.getQueueLength()};
    }

    /** Whether some thread holds the writer lock now (tests, diagnostics). */
    boolean busy() {
        return writer.isLocked();
    }

    @Override
    public Connection getConnection() throws SQLException {
        return wrap(delegate.getConnection());
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        return wrap(delegate.getConnection(user, password));
    }

    private Connection wrap(Connection connection) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                new ConnectionHandler(connection));
    }

    /** Tracks whether its connection holds the writer lock, and lets it go when the transaction ends. */
    private final class ConnectionHandler implements InvocationHandler {
        private final Connection connection;
        private boolean holding;
        /** Whether this connection passed the gate for writers that are not urgent (and so holds it too). */
        private boolean gated;

        ConnectionHandler(Connection connection) {
            this.connection = connection;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            var name = method.getName();
            Object result;
            try {
                result = method.invoke(connection, args);
            } catch (InvocationTargetException e) {
                if (endsTransaction(name, args)) release();
                if (name.equals("close")) runDeferred();
                throw e.getCause();
            }
            if (endsTransaction(name, args)) {
                release();
                // Deferred work needs a connection of its own: run it once this one is back in the pool, never while
                // the thread still holds it (each nested level would hold one more, and a few threads doing that at
                // once emptied the pool and waited on each other until its timeout).
                if (name.equals("close")) runDeferred();
                return result;
            }
            return switch (name) {
                case "prepareStatement" -> statement(PreparedStatement.class, result, writes((String) args[0]));
                case "prepareCall" -> statement(CallableStatement.class, result, true);
                case "createStatement" -> statement(Statement.class, result, null);
                default -> result;
            };
        }

        private boolean endsTransaction(String name, Object[] args) {
            return name.equals("commit") || name.equals("close") || (name.equals("rollback") && args == null)
                    || (name.equals("setAutoCommit") && Boolean.TRUE.equals(args[0]));
        }

        /** {@code writes}: known from the prepared SQL, or null for a plain statement (decided per call). */
        private Object statement(Class<?> type, Object statement, Boolean writes) {
            return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
                if (method.getName().startsWith("execute") || method.getName().equals("addBatch")) {
                    boolean needsWriter = writes != null ? writes
                            : args == null || args.length == 0 || !(args[0] instanceof String sql) || writes(sql);
                    if (needsWriter) acquire();
                }
                try {
                    return method.invoke(statement, args);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            });
        }

        private void acquire() throws SQLException {
            if (holding) return;
            // A thread that already writes through another connection of its own goes straight on (reentrant).
            boolean gate = !URGENT.get() && !writer.isHeldByCurrentThread();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(MAX_WAIT_SECONDS);
            try {
                if (gate && !others.tryLock(MAX_WAIT_SECONDS, TimeUnit.SECONDS)) throw notFree();
                try {
                    if (!writer.tryLock(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) throw notFree();
                } catch (SQLException | InterruptedException | RuntimeException e) {
                    if (gate) others.unlock();
                    throw e;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLTransientConnectionException("interrupted while waiting for the store's writer lock",
                        "08001", e);
            }
            holding = true;
            gated = gate;
        }

        /** As a pool that has no connection to give: the store is unavailable for now (webhooks: 503). */
        private static SQLException notFree() {
            return new SQLTransientConnectionException("the store's writer lock was not free within "
                    + MAX_WAIT_SECONDS + " s", "08001");
        }

        private void release() {
            if (holding) {
                holding = false;
                writer.unlock();
                if (gated) others.unlock();
                gated = false;
            }
        }
    }

    /**
     * Runs the calling thread's deferred work when it holds the writer lock no longer, one piece after the other: the
     * connections that work closes do not start another round (the loop here takes what they add).
     */
    private void runDeferred() {
        if (writer.isHeldByCurrentThread() || runningDeferred.get()) return;
        var work = deferred.get();
        if (work.isEmpty()) {
            deferred.remove();
            return;
        }
        runningDeferred.set(true);
        try {
            while (!work.isEmpty()) {
                work.removeFirst().run();
            }
        } finally {
            runningDeferred.remove();
            deferred.remove();
        }
    }

    /** Closes the underlying pool. */
    @Override
    public void close() throws Exception {
        if (delegate instanceof AutoCloseable closeable) closeable.close();
    }

    // --- the rest of DataSource, delegated

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return delegate.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        delegate.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        delegate.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return delegate.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return delegate.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        return type.isInstance(this) ? type.cast(this) : delegate.unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return type.isInstance(this) || delegate.isWrapperFor(type);
    }
}
