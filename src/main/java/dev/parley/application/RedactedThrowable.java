package dev.parley.application;

import java.sql.SQLException;
import java.util.regex.Pattern;

/**
 * A copy of an exception chain with every message withheld, for logging a failure with its whole stack trace:
 * messages can quote the values that failed (H2 quotes the offending value, parsers quote input), and logs never
 * hold message text, numbers or secrets. Each link keeps its class name, stack frames, suppressed exceptions and,
 * for SQL errors, the SQL state and vendor code.
 */
public final class RedactedThrowable extends RuntimeException {
    /** The first double-quoted SQL identifier of an integrity violation: the constraint or index it names. */
    private static final Pattern CONSTRAINT = Pattern.compile("\"(?:[A-Za-z0-9_]+\\.)?([A-Za-z][A-Za-z0-9_]*)");

    private RedactedThrowable(String description, Throwable cause) {
        super(description, cause);
    }

    /** The redacted copy of {@code failure}; null for null. */
    public static RedactedThrowable of(Throwable failure) {
        return copy(failure, 0);
    }

    private static RedactedThrowable copy(Throwable failure, int depth) {
        if (failure == null || depth > 32) return null;
        var copy = new RedactedThrowable(describe(failure), copy(failure.getCause(), depth + 1));
        copy.setStackTrace(failure.getStackTrace());
        for (var suppressed : failure.getSuppressed()) {
            copy.addSuppressed(copy(suppressed, depth + 1));
        }
        return copy;
    }

    /**
     * The class name, and for a database error its SQL state, error code and, for an integrity violation, the
     * constraint's name: never the message.
     */
    public static String describe(Throwable failure) {
        if (failure instanceof SQLException sql) {
            return failure.getClass().getName() + " [" + sql(sql) + "]";
        }
        return failure.getClass().getName();
    }

    /**
     * One line to store with a failed row (an inbox row's or a job's {@code error}, shown to operators): the simple
     * class name; the message only for Parley's own exceptions, whose messages are composed from ids, names and
     * codes; the SQL state and constraint of a database error anywhere in the chain.
     */
    public static String summary(Throwable failure) {
        var line = new StringBuilder(failure.getClass().getSimpleName());
        if (failure.getClass().getName().startsWith("dev.parley.") && failure.getMessage() != null) {
            line.append(": ").append(failure.getMessage());
        }
        for (var t = failure; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof SQLException sql) {
                line.append(" [").append(sql(sql)).append(']');
                break;
            }
        }
        return line.toString();
    }

    private static String sql(SQLException e) {
        var line = "SQLState " + e.getSQLState() + ", code " + e.getErrorCode();
        if (e.getSQLState() != null && e.getSQLState().startsWith("23") && e.getMessage() != null) {
            var constraint = CONSTRAINT.matcher(e.getMessage());
            if (constraint.find()) line += ", constraint " + constraint.group(1);
        }
        return line;
    }

    @Override
    public String toString() {
        return "(message withheld) " + getMessage();
    }
}
