package dev.parley.adapter.ui.common;

import java.util.function.Consumer;

/**
 * The one way view-models run work off the UI thread. Callbacks ({@code onProgress}, {@code onSuccess},
 * {@code onFailure}) always run on the UI thread; the FX implementation wraps {@code javafx.concurrent.Task},
 * tests use one that runs everything on the calling thread.
 */
public interface TaskExecutor {

    /** Background work; may report progress and should poll {@link Progress#cancelled()}. */
    @FunctionalInterface
    interface Work<T> {
        T call(Progress progress) throws Exception;
    }

    /** Passed to background work. */
    interface Progress {
        void update(long done, long total);

        boolean cancelled();
    }

    /** A running task. */
    interface Handle {
        void cancel();
    }

    <T> Handle submit(Work<T> work, Consumer<double[]> onProgress, Consumer<T> onSuccess,
                      Consumer<Throwable> onFailure);

    default <T> Handle submit(Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        return submit(work, p -> { }, onSuccess, onFailure);
    }
}
