package dev.parley.application.model;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.Supplier;

/**
 * Time a thread spends in models — language models (the gateway's providers) and the sentence-embedding model — as
 * wall time and as the thread's CPU time, so a benchmark can tell Parley's own overhead from the models' time (CPU
 * time stays meaningful on a loaded machine, where wall time mostly measures waiting for a core).
 */
public final class ModelWait {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final ThreadLocal<long[]> NANOS = ThreadLocal.withInitial(() -> new long[4]);
    private static final int LANGUAGE = 0;
    private static final int EMBEDDING = 2;

    private ModelWait() {
    }

    /** {wall, cpu} nanoseconds this thread has spent in language models. */
    public static long[] language() {
        var n = NANOS.get();
        return new long[] {n[LANGUAGE], n[LANGUAGE + 1]};
    }

    /** {wall, cpu} nanoseconds this thread has spent in the embedding model. */
    public static long[] embedding() {
        var n = NANOS.get();
        return new long[] {n[EMBEDDING], n[EMBEDDING + 1]};
    }

    /** This thread's CPU time in nanoseconds. */
    public static long threadCpu() {
        return THREADS.getCurrentThreadCpuTime();
    }

    static <T> T inLanguageModel(Supplier<T> work) {
        return timed(LANGUAGE, work);
    }

    /** Runs an embedding computation and counts its time. */
    public static <T> T inEmbeddingModel(Supplier<T> work) {
        return timed(EMBEDDING, work);
    }

    private static <T> T timed(int slot, Supplier<T> work) {
        long wall = System.nanoTime();
        long cpu = threadCpu();
        try {
            return work.get();
        } finally {
            var n = NANOS.get();
            n[slot] += System.nanoTime() - wall;
            n[slot + 1] += threadCpu() - cpu;
        }
    }
}
