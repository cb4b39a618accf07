package dev.parley.application;

import java.sql.SQLException;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How a failure is told without telling what it was about: logs and stored errors carry an exception's class, its
 * stack trace and a message only when that message cannot hold message text, numbers or secrets.
 * <ul>
 *   <li>Database errors by SQL state and constraint name ({@code SQLState 23505, constraint UQ_INBOX_…}), never their
 *   message: H2 and PostgreSQL quote the offending values in it.</li>
 *   <li>Exceptions that Parley's code threw (their class or their top stack frame is in {@code dev.parley}) and the
 *   JDK's programming-error exceptions (null pointer, index out of bounds, …) keep their message: Parley composes its
 *   messages from ids, names and codes (PrivacyLoggingTest checks it), and the JDK's come from the code.</li>
 *   <li>Any other exception (a library's, an I/O error, a parse error) by its class only: their messages may quote
 *   input.</li>
 * </ul>
 */
public final class Diagnostics {
    private static final String PARLEY = "dev.parley.";
    private static final Set<Class<?>> CODE_MESSAGES = Set.of(NullPointerException.class, ClassCastException.class,
            IndexOutOfBoundsException.class, ArrayIndexOutOfBoundsException.class,
            StringIndexOutOfBoundsException.class, ArithmeticException.class, UnsupportedOperationException.class,
            java.util.ConcurrentModificationException.class, IllegalMonitorStateException.class,
            java.util.NoSuchElementException.class);
    /** The first double-quoted SQL identifier of an integrity violation: the constraint or index it names. */
    private static final Pattern CONSTRAINT = Pattern.compile("\"(?:[A-Za-z0-9_]+\\.)?([A-Za-z][A-Za-z0-9_]*)");

    private Diagnostics() {
    }

    /** One line that is safe to log or store: {@code ClassName: safe message}, database errors by state. */
    public static String describe(Throwable failure) {
        var sql = sqlCause(failure);
        var name = failure.getClass().getSimpleName();
        if (sql != null) {
            return name + ": " + describeSql(sql);
        }
        var message = safeMessage(failure);
        return message == null ? name : name + ": " + message;
    }

    /**
     * A copy of {@code failure} to pass to a logger: the same classes (by name), stack traces, causes and suppressed
     * exceptions, with every message made safe as {@link #describe} does.
     */
    public static Throwable loggable(Throwable failure) {
        return copy(failure, new IdentityHashMap<>());
    }

    /** The SQL state and, for an integrity violation, the constraint's name. */
    public static String describeSql(SQLException e) {
        var state = e.getSQLState() == null ? "unknown" : e.getSQLState();
        var constraint = constraintName(e);
        return "SQLState " + state + (constraint == null ? "" : ", constraint " + constraint);
    }

    private static String constraintName(SQLException e) {
        if (e.getSQLState() == null || !e.getSQLState().startsWith("23") || e.getMessage() == null) {
            return null;
        }
        var matcher = CONSTRAINT.matcher(e.getMessage());
        return matcher.find() ? matcher.group(1) : null;
    }

    private static SQLException sqlCause(Throwable failure) {
        for (var t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException sql) return sql;
        }
        return null;
    }

    private static String safeMessage(Throwable t) {
        if (t instanceof SQLException sql) {
            return describeSql(sql);
        }
        if (t.getMessage() == null) {
            return null;
        }
        if (t.getClass().getName().startsWith(PARLEY) || thrownByParley(t) || CODE_MESSAGES.contains(t.getClass())) {
            return t.getMessage();
        }
        return "(message withheld)";
    }

    private static boolean thrownByParley(Throwable t) {
        var trace = t.getStackTrace();
        return trace.length > 0 && trace[0].getClassName().startsWith(PARLEY);
    }

    private static Throwable copy(Throwable t, IdentityHashMap<Throwable, Throwable> done) {
        var existing = done.get(t);
        if (existing != null) return existing;
        var message = safeMessage(t);
        var copy = new LoggedFailure(t.getClass().getName() + (message == null ? "" : ": " + message));
        done.put(t, copy);
        copy.setStackTrace(t.getStackTrace());
        if (t.getCause() != null && t.getCause() != t) copy.initCause(copy(t.getCause(), done));
        for (var suppressed : t.getSuppressed()) copy.addSuppressed(copy(suppressed, done));
        return copy;
    }

    /** Stands in for a logged exception; its message starts with the original's class name. */
    static final class LoggedFailure extends RuntimeException {
        LoggedFailure(String message) {
            super(message, null, true, true);
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }
}
