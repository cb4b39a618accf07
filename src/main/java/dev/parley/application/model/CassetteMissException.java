package dev.parley.application.model;

/**
 * A cassette in replay mode has no recorded answer for a request. Not a model failure: there is no fallback, the
 * replay stops and says which task and request hash are missing.
 */
public final class CassetteMissException extends RuntimeException {
    private final String task;
    private final String requestHash;

    public CassetteMissException(String task, String requestHash, String where) {
        super("cassette has no answer for task '" + task + "' (request " + requestHash + ") in " + where
                + "; record it again with --record-cassette");
        this.task = task;
        this.requestHash = requestHash;
    }

    public String task() {
        return task;
    }

    public String requestHash() {
        return requestHash;
    }
}
