package dev.parley.adapter.alerts;

/** A patterns file that cannot be used; the message names the file, the entry and the reason. */
public final class AlertPatternsFileException extends RuntimeException {
    public AlertPatternsFileException(String message) {
        super(message);
    }

    public AlertPatternsFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
