package dev.parley.adapter.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.adapter.memory.InMemoryTransactions;
import dev.parley.application.model.ModelConcurrency;
import dev.parley.application.pipeline.PipelineMetrics;
import dev.parley.application.pipeline.StageMetrics;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxStatus;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** /metrics's text: the names and labels scrapers rely on, read from the counters when scraped. */
class PrometheusMetricsTest {
    final PipelineMetrics pipeline = new PipelineMetrics();
    final StageMetrics stages = new StageMetrics();
    final ModelConcurrency model = new ModelConcurrency(1);
    final PrometheusMetrics metrics = new PrometheusMetrics(new InMemoryTransactions(), pipeline, stages, model);

    String scrape() {
        return new String(metrics.scrape(), StandardCharsets.UTF_8);
    }

    @Test
    void countersKeepTheirNamesAndAreReadWhenScraped() {
        pipeline.received.add(3);
        pipeline.duplicates.increment();
        pipeline.processed.add(2);
        pipeline.retried.increment();
        stages.prepared.add(5);
        stages.changed.add(2);
        stages.missed.increment();

        var text = scrape();
        assertThat(text).contains("# TYPE parley_webhooks_received_total counter\nparley_webhooks_received_total 3",
                "# HELP parley_webhooks_duplicates_total Receipts already stored\n",
                "parley_webhooks_duplicates_total 1", "parley_messages_processed_total 2",
                "parley_messages_failed_total 0", "parley_messages_retried_total 1",
                "# TYPE parley_stages_prepared_total counter", "parley_stages_prepared_total 5",
                "parley_stages_changed_total 2", "parley_stages_missed_total 1", "parley_stages_exhausted_total 0");

        pipeline.received.increment();
        assertThat(scrape()).contains("parley_webhooks_received_total 4");
    }

    @Test
    void inboxAndOutboxRowsByStatusNameEveryStatus() {
        var text = scrape();
        assertThat(text).contains("# TYPE parley_inbox_messages gauge", "# TYPE parley_outbox_messages gauge");
        for (var status : InboxStatus.values()) assertThat(text).contains("parley_inbox_messages{status=\"" + status + "\"} 0");
        for (var status : OutboxStatus.values()) {
            assertThat(text).contains("parley_outbox_messages{status=\"" + status + "\"} 0");
        }
    }

    @Test
    void theLatencyHistogramIsCumulativeWithItsSumAndCount() {
        pipeline.observeLatency(Duration.ofMillis(3));
        pipeline.observeLatency(Duration.ofMillis(40));
        pipeline.observeLatency(Duration.ofSeconds(45));

        var text = scrape();
        assertThat(text).contains("# TYPE parley_processing_latency_seconds histogram",
                "parley_processing_latency_seconds_bucket{le=\"0.005\"} 1\n",
                "parley_processing_latency_seconds_bucket{le=\"0.05\"} 2\n",
                "parley_processing_latency_seconds_bucket{le=\"30.0\"} 2\n",
                "parley_processing_latency_seconds_bucket{le=\"+Inf\"} 3\n",
                "parley_processing_latency_seconds_count 3\n", "parley_processing_latency_seconds_sum 45.043");
    }

    @Test
    void theModelsCallsRunningAndQueuedAreGauges() throws Exception {
        assertThat(scrape()).contains("parley_model_calls_running 0", "parley_model_calls_queued 0",
                "parley_model_max_concurrency 1");
        var release = new CountDownLatch(1);
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 2; i++) {
                threads.submit(() -> model.run(1L, "reply", () -> {
                    try {
                        return release.await(30, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }));
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> model.running() == 1 && model.queued() == 1);
            assertThat(scrape()).contains("# TYPE parley_model_calls_running gauge", "parley_model_calls_running 1",
                    "parley_model_calls_queued 1");
            release.countDown();
        }
        assertThat(scrape()).contains("parley_model_calls_running 0", "parley_model_calls_queued 0");
    }

    @Test
    void everyLineIsPrometheusText() {
        pipeline.observeLatency(Duration.ofMillis(12));
        for (var line : scrape().lines().toList()) {
            assertThat(line).matches("# (HELP|TYPE) parley_[a-z_]+ .*|parley_[a-z_]+(\\{[a-z]+=\"[^\"]*\"})? [0-9.Ee+-]+");
        }
    }
}
