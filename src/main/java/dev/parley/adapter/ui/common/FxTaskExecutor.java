package dev.parley.adapter.ui.common;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javafx.concurrent.Task;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs work as a {@link Task} on a small pool of daemon threads; callbacks arrive on the FX thread. */
public final class FxTaskExecutor implements TaskExecutor, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FxTaskExecutor.class);
    private final ExecutorService pool;

    public FxTaskExecutor(int threads) {
        var n = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            var t = new Thread(r, "console-task-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public <T> Handle submit(Work<T> work, Consumer<double[]> onProgress, Consumer<T> onSuccess,
                             Consumer<Throwable> onFailure) {
        var task = new Task<T>() {
            @Override
            protected T call() throws Exception {
                return work.call(new Progress() {
                    @Override
                    public void update(long done, long total) {
                        updateProgress(done, total);
                    }

                    @Override
                    public boolean cancelled() {
                        return isCancelled();
                    }
                });
            }
        };
        // Task coalesces progress updates, so a fast loop cannot flood the FX thread.
        task.progressProperty().addListener((obs, old, p) ->
                onProgress.accept(new double[] {task.getWorkDone(), task.getTotalWork()}));
        task.setOnSucceeded(e -> onSuccess.accept(task.getValue()));
        task.setOnFailed(e -> {
            LOG.debug("console task failed: {}", task.getException().getClass().getName());
            onFailure.accept(task.getException());
        });
        task.setOnCancelled(e -> onFailure.accept(new java.util.concurrent.CancellationException()));
        pool.execute(task);
        return () -> task.cancel(false);
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
