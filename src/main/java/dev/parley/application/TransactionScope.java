package dev.parley.application;

/**
 * Whether the calling thread is inside a unit of work's transaction (any store: H2, PostgreSQL, in memory). The stores
 * mark it; the model gateway and the embedder refuse to run inside one: a model call (seconds) or an embedding
 * (milliseconds of CPU) there would hold the store's one writer on H2, and every other conversation and every
 * webhook's receipt would wait for it (docs/decisions/0021-pipeline-stages.md). Slow calls belong to Prepare.
 */
public final class TransactionScope {
    private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);

    private TransactionScope() {
    }

    /** The calling thread enters a transaction (a nested one counts as well). */
    public static void enter() {
        DEPTH.get()[0]++;
    }

    /** The calling thread leaves the transaction it entered last. */
    public static void exit() {
        DEPTH.get()[0]--;
    }

    public static boolean active() {
        return DEPTH.get()[0] > 0;
    }

    /** @throws IllegalStateException naming {@code what} when the calling thread is inside a transaction */
    public static void refuse(String what) {
        if (active()) {
            throw new IllegalStateException(what + " inside a transaction: it must be made before (Prepare, "
                    + "docs/decisions/0021-pipeline-stages.md)");
        }
    }
}
