package dev.parley.adapter.ui.common;

import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Collects pipeline events from any thread and hands them to the UI in batches: at most one UI update per
 * {@code period} (100 ms: ≤ 10 a second), however fast events arrive. The pipeline never blocks on the UI.
 */
public final class EventBatcher implements PipelineEvents, AutoCloseable {
    private final ConcurrentLinkedQueue<PipelineEvent> pending = new ConcurrentLinkedQueue<>();
    private final Executor uiThread;
    private final Consumer<List<PipelineEvent>> sink;
    private ScheduledExecutorService ticker;

    public EventBatcher(Executor uiThread, Consumer<List<PipelineEvent>> sink) {
        this.uiThread = uiThread;
        this.sink = sink;
    }

    /** Starts flushing every {@code period} on a daemon thread. */
    public EventBatcher start(Duration period) {
        ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            var t = new Thread(r, "console-events");
            t.setDaemon(true);
            return t;
        });
        ticker.scheduleWithFixedDelay(this::flush, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    @Override
    public void publish(List<PipelineEvent> events) {
        pending.addAll(events);
    }

    /** Hands everything collected so far to the UI thread as one batch; nothing when idle. */
    public void flush() {
        var batch = new ArrayList<PipelineEvent>();
        for (PipelineEvent e; (e = pending.poll()) != null; ) batch.add(e);
        if (!batch.isEmpty()) uiThread.execute(() -> sink.accept(List.copyOf(batch)));
    }

    @Override
    public void close() {
        if (ticker != null) ticker.shutdownNow();
    }
}
