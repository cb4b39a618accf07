package dev.parley.adapter.alerts;

/** A model file that cannot be used; the message names the file and the reason. */
public final class AlertModelFileException extends RuntimeException {
    public AlertModelFileException(String message) {
        super(message);
    }

    public AlertModelFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
