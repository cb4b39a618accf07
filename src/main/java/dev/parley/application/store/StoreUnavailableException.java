package dev.parley.application.store;

/** The database could not be reached or refused the work; callers must not acknowledge anything. */
public class StoreUnavailableException extends RuntimeException {
    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
