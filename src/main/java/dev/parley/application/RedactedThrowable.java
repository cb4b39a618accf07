package dev.parley.application;

import java.sql.SQLException;

/**
 * A copy of an exception chain with every message withheld, for logging a failure with its whole stack trace:
 * messages can quote the values that failed (H2 quotes the offending value, parsers quote input), and logs never
 * hold message text, numbers or secrets. Each link keeps its class name, stack frames, suppressed exceptions and,
 * for SQL errors, the SQL state and vendor code.
 */
public final class RedactedThrowable extends RuntimeException {

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

    /** The class name, and the SQL state and error code of a database error: never the message. */
    public static String describe(Throwable failure) {
        if (failure instanceof SQLException sql) {
            return failure.getClass().getName() + " [SQLState " + sql.getSQLState() + ", code " + sql.getErrorCode()
                    + "]";
        }
        return failure.getClass().getName();
    }

    @Override
    public String toString() {
        return "(message withheld) " + getMessage();
    }
}
