package dev.parley.application.store;

/** Another transaction changed the same rows first (optimistic lock or unique key); the work may be retried. */
public class ConcurrentUpdateException extends RuntimeException {
    public ConcurrentUpdateException(String message, Throwable cause) {
        super(message, cause);
    }
}
