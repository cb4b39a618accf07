package dev.parley.adapter.ui;

import dev.parley.adapter.ui.common.TaskExecutor;
import java.util.function.Consumer;

/** Runs work and its callbacks on the calling thread: view-model tests need no toolkit and no waiting. */
public final class CurrentThreadTaskExecutor implements TaskExecutor {
    private boolean cancelRequested;

    @Override
    public <T> Handle submit(Work<T> work, Consumer<double[]> onProgress, Consumer<T> onSuccess,
                             Consumer<Throwable> onFailure) {
        T result;
        try {
            result = work.call(new Progress() {
                @Override
                public void update(long done, long total) {
                    onProgress.accept(new double[] {done, total});
                }

                @Override
                public boolean cancelled() {
                    return cancelRequested;
                }
            });
        } catch (Exception e) {
            onFailure.accept(e);
            return () -> { };
        }
        onSuccess.accept(result);
        return () -> { };
    }

    /** Makes running work see a cancellation (for cancel tests driven from a progress callback). */
    public void requestCancel() {
        cancelRequested = true;
    }
}
