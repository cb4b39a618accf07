package dev.parley.adapter.ui.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.application.PipelineEvent;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class EventBatcherTest {
    @Test
    void manyEventsBecomeOneUiUpdatePerFlush() {
        var batches = new CopyOnWriteArrayList<List<PipelineEvent>>();
        var batcher = new EventBatcher(Runnable::run, batches::add);
        for (int i = 0; i < 500; i++) batcher.publish(List.of(new PipelineEvent.MessageReceived(i, i)));
        batcher.flush();
        batcher.flush();
        assertThat(batches).hasSize(1);
        assertThat(batches.getFirst()).hasSize(500);
    }

    @Test
    void atMostTenUiUpdatesASecondUnderAFlood() throws Exception {
        var uiUpdates = new AtomicInteger();
        try (var batcher = new EventBatcher(Runnable::run, b -> uiUpdates.incrementAndGet())
                .start(Duration.ofMillis(100))) {
            long end = System.nanoTime() + Duration.ofMillis(1000).toNanos();
            while (System.nanoTime() < end) {
                batcher.publish(List.of(new PipelineEvent.MessageReceived(1, 1)));
                Thread.sleep(1);
            }
        }
        assertThat(uiUpdates.get()).isBetween(1, 11);
    }

    @Test
    void deliversEventsPublishedFromOtherThreads() {
        var seen = new CopyOnWriteArrayList<PipelineEvent>();
        try (var batcher = new EventBatcher(Runnable::run, seen::addAll).start(Duration.ofMillis(20))) {
            var threads = new Thread[4];
            for (int t = 0; t < threads.length; t++) {
                int id = t;
                threads[t] = Thread.ofVirtual().start(() -> {
                    for (int i = 0; i < 100; i++) batcher.publish(List.of(new PipelineEvent.MessageReceived(id, i)));
                });
            }
            await().atMost(Duration.ofSeconds(2)).until(() -> seen.size() == 400);
        }
    }
}
